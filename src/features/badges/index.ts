/** What the profile screen plugs in: the badges beside the name and the preview card's content. */
export { BadgePreviewContent, HeaderBadges } from "./ProfileBadges";
