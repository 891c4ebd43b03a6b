import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from "@headlessui/react";
import { Link } from "react-router-dom";
import { Avatar } from "@/components/ui/Avatar";
import { ChevronDownIcon } from "@/components/ui/icons";

const itemClasses =
  "flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-cream-200 " +
  "data-focus:bg-night-800 data-focus:text-cream-50";

export interface AccountMenuProps {
  name: string;
  username: string | null;
  avatarUrl: string | null;
  onSignOut: () => void;
}

/** The signed-in user menu of the nav bar. */
export function UserMenu({ name, avatarUrl, onSignOut }: AccountMenuProps) {
  return (
    <Menu>
      <MenuButton className="flex items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-semibold text-cream-50 ring-1 ring-night-700 transition ring-inset hover:bg-night-800 data-open:bg-night-800">
        <Avatar name={name} url={avatarUrl} size="sm" />
        <span className="sr-only">Account menu: </span>
        <span className="max-w-36 truncate">{name}</span>
        <ChevronDownIcon className="size-4 text-cream-400" />
      </MenuButton>
      <MenuItems
        anchor={{ to: "bottom end", gap: 8 }}
        transition
        className="z-50 w-56 origin-top-right rounded-2xl bg-night-850 p-2 shadow-2xl ring-1 shadow-black/60 ring-night-700 transition duration-150 ease-out focus:outline-none data-closed:scale-95 data-closed:opacity-0"
      >
        <MenuItem>
          <Link to="/profile" className={itemClasses}>
            My Profile
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to="/events" className={itemClasses}>
            Your Sessions
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to="/profile/edit" className={itemClasses}>
            Edit Profile
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to="/settings" className={itemClasses}>
            Settings
          </Link>
        </MenuItem>
        <MenuSeparator className="my-1 h-px bg-night-700" />
        <MenuItem>
          <button type="button" onClick={onSignOut} className={itemClasses}>
            Sign out
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
