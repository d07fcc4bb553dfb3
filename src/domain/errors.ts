// Error codes: every error the portal translates, by a stable code, with its English message. Server and mock
// answers carry the code in `data.code` beside the English `message` (which third-party API users read); the
// client, the worker and the translations (src/i18n/messages.ts) go by the code, never by the message.

export const ERRORS = {
  // Spec §5 validation messages.
  invalidMac: 'Invalid MAC address',
  invalidMacFormat: 'Invalid MAC address format',
  invalidTimePeriod: 'Invalid Time Period',
  invalidLatLng: 'Invalid Latitude or Longitude',
  passwordDifferent: 'Password is different',
  emailFormat: 'Email format is wrong',
  required: 'Required',
  passwordMin: 'At least 8 alphas',
  enterOldPassword: 'Please Enter Old Password',
  confirmNewPassword: 'Please Confirm New Password',
  changePasswordFailed: 'Fail to Change Password',
  acceptTerms: 'Please read and agree the Terms and Conditions.',
  wrongInputRange: 'Wrong input range',
  wrongInput: 'Wrong input',
  deviceNotFound: 'Device not found',
  noKeyProvided: 'No key provided',
  noVersionProvided: 'No version provided',
  // Accounts and sessions.
  notAuthenticated: 'Not authenticated',
  authTimeout: 'Authentication timed out',
  wrongLogin: 'Wrong e-mail or password',
  emailRegistered: 'This e-mail address is already registered',
  tooManyAttempts: 'Too many attempts, please wait a few minutes',
  tooManyAttemptsLong: 'Too many attempts, please wait 15 minutes',
  tooManyLoginsFromNetwork: 'Too many failed logins from your network, please wait 15 minutes',
  tooManySignups: 'Too many new accounts from your network, please try again later',
  verifyFirst: 'Please verify your e-mail address first',
  sessionEnded: 'This session has ended, please sign in again',
  downloadExpired: 'This download link has expired, please start the download again',
  userNotFound: 'User not found',
  passwordTooLong: 'Password is too long',
  verificationCodeWrong: 'The verification code is wrong or has expired',
  resetCodeWrong: 'The reset code is wrong or has expired',
  passwordWrong: 'The password is wrong',
  avatarTooLarge: 'The picture must be 512 KB or smaller',
  avatarNotImage: 'The picture must be a PNG, JPEG, WebP or GIF image',
  uploadQuota: 'Your uploaded files have reached their limit: remove some before uploading more',
  tooManyUploads: 'Too many uploads, please try again later',
  exportBusy: 'An export of yours is still running: wait for it to finish, then try again',
  socialUnverified:
    'An account with this e-mail address exists but was never verified. Reset its password with a code sent to the address, then sign in with Google',
  // Stations.
  loginToAddStation: 'Log in to add a station',
  ownerOnlyChange: 'Only the owner can change this station',
  ownerOnlyUploadSettings: 'Only the owner can see the upload settings of this station',
  unknownTimeZone: 'Unknown time zone',
  macNeeded: 'Enter the MAC address to identify the station by it',
  macClaimed: 'This MAC address already identifies another station',
  stationLimit: 'Your account has as many stations as it may have: remove one, or buy a plan for more',
  // Sharing by invitation.
  shareOwnerOnly: 'Only the owner can share this station',
  shareRecipientOnly: 'Only the invited person can answer an invitation',
  invitationNotFound: 'Invitation not found',
  tooManyInvitations: 'Too many invitations, please try again later',
  // Forwarding to weather networks (upload targets).
  targetOwnerOnly: 'Only the owner can forward the uploads of this station',
  targetNotFound: 'Upload target not found',
  targetNetwork:
    'Choose a network: wunderground, windy, pwsweather, weathercloud, awekas, cwop, wow, openweathermap, windguru or custom',
  targetStationId: 'Enter the station ID the network gave you',
  targetKey: 'Enter the key the network gave you',
  targetUrl: 'Enter the address of the server as http:// or https://',
  targetAprsUrl: 'Enter the APRS-IS server as aprs://host:port',
  targetFormat: "The format must be 'wunderground' or 'ecowitt'",
  targetInterval: 'The interval is shorter than this network allows',
  targetLimit: 'A station can have at most 20 upload targets',
  demoReadOnly: 'The demo account is shared by every visitor: this cannot be changed with it',
  targetAddress: 'This address is not allowed: only servers on the public internet can be reached',
  targetCustomOff: 'Forwarding to custom servers is switched off on this portal',
  targetTestLimit: 'Too many tests, please wait a minute',
  // The result of a forwarding attempt, in our own words (never the server's answer).
  forwardNoUpload: 'No upload from the station yet',
  forwardNoPosition: "This network needs the station's latitude and longitude",
  forwardRefusedKey: 'The server refused the station ID or key',
  forwardRefused: 'The server refused the upload',
  forwardRedirect: 'The server answered with a redirect, which is not followed',
  forwardServerError: 'The server had an error, trying again later',
  forwardBusy: 'The server asked to send less often, trying again later',
  forwardUnexpected: "The server's answer was not understood",
  forwardUnreachable: 'The server could not be reached, trying again later',
  forwardTimeout: 'The server did not answer in time, trying again later',
  // The admin area (issue #15).
  accountDisabled: 'This account has been disabled',
  editorsCannot: 'Editors cannot delete or change roles',
  // Orders, payments and paid device types (issue #14; spec §4, §8).
  orderGone: 'The order cannot be found or the order has expired. Please create a new order.',
  orderError: 'Error Occuried. please contact support.',
  planRequired: 'This station needs a subscription plan to show its data',
  planUnknown: 'This subscription plan is not offered',
  orderDevices: 'Choose the stations the plan is for',
  orderMacMissing: "Enter the console's MAC address first: a plan follows the console",
  orderTypeNotCovered: 'This plan is not for this type of station',
  orderTooManyDevices: 'This plan covers fewer stations than you chose',
  orderPaidKept: 'A paid order is kept for the records: refund it instead',
  orderStatusChange: 'This order cannot change to that status',
  orderNoPayment: 'This order has no card payment to refund',
  paymentProviderFailed: 'The payment provider could not be reached, please try again',
  cardOnProvider: 'Card details go to the payment provider, not to this server',
  cardNumberInvalid: 'Your card number is invalid.',
  cardExpiryIncomplete: "Your card's expiration date is incomplete.",
  cardExpiryPast: "Your card's expiration date is in the past.",
  cardExpiryYear: "Your card's expiration year is invalid.",
  cardCvcIncomplete: "Your card's security code is incomplete.",
  cardDeclined: 'Your card was declined.',
  cardInsufficientFunds: 'Your card has insufficient funds.',
  cardExpired: 'Your card has expired.',
  cardCvcWrong: "Your card's security code is incorrect.",
  cardProcessing: 'An error occurred while processing your card. Try again in a little bit.',
  // The client itself.
  offline: 'You are offline. This needs a connection to the server.',
  requestTimeout: 'Request timed out',
  uploadCancelled: 'Upload cancelled',
  importNotStarted: 'The import did not start',
} as const;

export type ErrorCode = keyof typeof ERRORS;

export const isErrorCode = (v: unknown): v is ErrorCode => typeof v === 'string' && Object.hasOwn(ERRORS, v);

/** The code an error (thrown, answered or cloned across the worker boundary) carries in `data.code`. */
export function errorCodeOf(error: unknown): ErrorCode | undefined {
  const data = error && typeof error === 'object' ? (error as { data?: unknown }).data : undefined;
  const code = data && typeof data === 'object' ? (data as { code?: unknown }).code : undefined;
  return isErrorCode(code) ? code : undefined;
}

/** `data` with the code set, for an error to throw: the throw site names its code (server, mocks, rules). */
export const coded = (code: ErrorCode, data?: Record<string, unknown>) => ({ ...data, code });
