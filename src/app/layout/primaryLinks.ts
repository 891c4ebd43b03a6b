/** Links everyone sees, in the nav bar and in the mobile menu. */
export const primaryLinks = [{ to: "/discover", label: "Discover" }] as const;
