import { Link } from "react-router-dom";
import { Avatar } from "@/components/ui/Avatar";
import { CrownIcon } from "@/components/ui/screenIcons";
import { SectionCard } from "@/components/ui/SectionCard";

type Person = {
  userId: string;
  username: string | null;
  displayName: string;
  nickname: string | null;
  avatarUrl: string | null;
};

function PersonRow({ person, caption }: { person: Person; caption: string }) {
  const name = person.username ? (
    // A block of its own, a line tall: a target at least 24 px high, still cut short with an ellipsis.
    <Link
      to={`/profile/${person.username}`}
      className="block truncate font-bold text-cream-50 hover:underline"
    >
      {person.displayName}
    </Link>
  ) : (
    <span className="font-bold text-cream-50">{person.displayName}</span>
  );
  return (
    <li className="flex items-center gap-3">
      <Avatar name={person.displayName} url={person.avatarUrl} size="md" />
      <span className="flex min-w-0 flex-col">
        <span className="truncate">{name}</span>
        <span className="truncate text-sm text-cream-400">
          {person.nickname ? `“${person.nickname}” · ` : ""}
          {caption}
        </span>
      </span>
    </li>
  );
}

/** "Hosted By": the host, then co-hosts; the creator manages co-hosts from here. */
export function HostCard({
  host,
  coHosts,
  isPast,
  manageButton,
}: {
  host: Person;
  coHosts: readonly Person[];
  isPast: boolean;
  manageButton?: React.ReactNode;
}) {
  return (
    <SectionCard
      title={
        <span className="flex items-center gap-2">
          <CrownIcon className="size-5 text-brand-amber" /> Hosted By
        </span>
      }
    >
      <ul className="flex flex-col gap-4">
        <PersonRow person={host} caption={isPast ? "hosted" : "is hosting"} />
        {coHosts.map((coHost) => (
          <PersonRow key={coHost.userId} person={coHost} caption="Co-host" />
        ))}
      </ul>
      {manageButton && <div className="mt-4">{manageButton}</div>}
    </SectionCard>
  );
}
