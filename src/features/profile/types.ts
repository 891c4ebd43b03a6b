import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";

export type ProfileView = NonNullable<FunctionReturnType<typeof api.profiles.byUsername>>;
export type FullProfileView = Extract<ProfileView, { visibility: "full" }>;
export type NameOnlyProfileView = Extract<ProfileView, { visibility: "name_only" }>;
export type OwnProfile = NonNullable<NonNullable<FunctionReturnType<typeof api.profiles.me>>["profile"]>;
