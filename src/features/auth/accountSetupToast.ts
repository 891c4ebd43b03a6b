/** One toast for account-setup trouble, whether the callback or the welcome flow saw it first. */
export const ACCOUNT_SETUP_TOAST_ID = "account-setup";
