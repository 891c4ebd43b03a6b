/* eslint-disable */
/**
 * Generated `api` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type {
  ApiFromModules,
  FilterApi,
  FunctionReference,
} from "convex/server";
import type * as account from "../account.js";
import type * as auth from "../auth.js";
import type * as authConfig from "../authConfig.js";
import type * as debug from "../debug.js";
import type * as emails from "../emails.js";
import type * as http from "../http.js";
import type * as model_accountDeletion from "../model/accountDeletion.js";
import type * as model_authProviders from "../model/authProviders.js";
import type * as model_avatars from "../model/avatars.js";
import type * as model_debug from "../model/debug.js";
import type * as model_emails from "../model/emails.js";
import type * as model_errors from "../model/errors.js";
import type * as model_googleCallback from "../model/googleCallback.js";
import type * as model_magicLinks from "../model/magicLinks.js";
import type * as model_profiles from "../model/profiles.js";
import type * as model_rateLimits from "../model/rateLimits.js";
import type * as model_signIn from "../model/signIn.js";
import type * as model_viewer from "../model/viewer.js";
import type * as profiles from "../profiles.js";

/**
 * A utility for referencing Convex functions in your app's API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = api.myModule.myFunction;
 * ```
 */
declare const fullApi: ApiFromModules<{
  account: typeof account;
  auth: typeof auth;
  authConfig: typeof authConfig;
  debug: typeof debug;
  emails: typeof emails;
  http: typeof http;
  "model/accountDeletion": typeof model_accountDeletion;
  "model/authProviders": typeof model_authProviders;
  "model/avatars": typeof model_avatars;
  "model/debug": typeof model_debug;
  "model/emails": typeof model_emails;
  "model/errors": typeof model_errors;
  "model/googleCallback": typeof model_googleCallback;
  "model/magicLinks": typeof model_magicLinks;
  "model/profiles": typeof model_profiles;
  "model/rateLimits": typeof model_rateLimits;
  "model/signIn": typeof model_signIn;
  "model/viewer": typeof model_viewer;
  profiles: typeof profiles;
}>;
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;
