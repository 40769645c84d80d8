/**
 * The four sign-in actions of the portal and the route of the services API (relative to its base)
 * each is forwarded to: the function forwards by this table and the services API declares these
 * paths (api/acceso.ts).
 */
export const ACCIONES_ACCESO = {
  unifiedLogin: '/auth/unified-login',
  loginWithPincode: '/auth/pin-login',
  registerUser: '/auth/register',
  registerUserPincode: '/auth/register-confirm',
} as const;
