// Error codes (src/domain/errors.ts) → their translations. Server and mock answers carry the code in
// `data.code`, the worker passes it on, local validators answer it; the UI shows errorText(error) through
// translateServerMessage, which translates by the code and never by the English message.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type ErrorCode, isErrorCode } from '../domain/errors';

const TRANSLATIONS: Record<ErrorCode, MessageDescriptor> = {
  invalidMac: msg`Invalid MAC address`,
  invalidMacFormat: msg`Invalid MAC address format`,
  invalidTimePeriod: msg`Invalid Time Period`,
  invalidLatLng: msg`Invalid Latitude or Longitude`,
  passwordDifferent: msg`Password is different`,
  emailFormat: msg`Email format is wrong`,
  required: msg`Required`,
  passwordMin: msg`At least 8 alphas`,
  enterOldPassword: msg`Please Enter Old Password`,
  confirmNewPassword: msg`Please Confirm New Password`,
  changePasswordFailed: msg`Fail to Change Password`,
  acceptTerms: msg`Please read and agree the Terms and Conditions.`,
  wrongInputRange: msg`Wrong input range`,
  wrongInput: msg`Wrong input`,
  deviceNotFound: msg`Device not found`,
  noKeyProvided: msg`No key provided`,
  noVersionProvided: msg`No version provided`,
  notAuthenticated: msg`Not authenticated`,
  authTimeout: msg`Authentication timed out`,
  wrongLogin: msg`Wrong e-mail or password`,
  emailRegistered: msg`This e-mail address is already registered`,
  tooManyAttempts: msg`Too many attempts, please wait a few minutes`,
  tooManyAttemptsLong: msg`Too many attempts, please wait 15 minutes`,
  tooManyLoginsFromNetwork: msg`Too many failed logins from your network, please wait 15 minutes`,
  tooManySignups: msg`Too many new accounts from your network, please try again later`,
  verifyFirst: msg`Please verify your e-mail address first`,
  sessionEnded: msg`This session has ended, please sign in again`,
  downloadExpired: msg`This download link has expired, please start the download again`,
  userNotFound: msg`User not found`,
  passwordTooLong: msg`Password is too long`,
  verificationCodeWrong: msg`The verification code is wrong or has expired`,
  resetCodeWrong: msg`The reset code is wrong or has expired`,
  passwordWrong: msg`The password is wrong`,
  avatarTooLarge: msg`The picture must be 512 KB or smaller`,
  avatarNotImage: msg`The picture must be a PNG, JPEG, WebP or GIF image`,
  loginToAddStation: msg`Log in to add a station`,
  ownerOnlyChange: msg`Only the owner can change this station`,
  ownerOnlyUploadSettings: msg`Only the owner can see the upload settings of this station`,
  unknownTimeZone: msg`Unknown time zone`,
  macNeeded: msg`Enter the MAC address to identify the station by it`,
  macClaimed: msg`This MAC address already identifies another station`,
  shareOwnerOnly: msg`Only the owner can share this station`,
  shareRecipientOnly: msg`Only the invited person can answer an invitation`,
  invitationNotFound: msg`Invitation not found`,
  tooManyInvitations: msg`Too many invitations, please try again later`,
  targetOwnerOnly: msg`Only the owner can forward the uploads of this station`,
  targetNotFound: msg`Upload target not found`,
  targetNetwork: msg`Choose a network: wunderground, windy, pwsweather, weathercloud, awekas or custom`,
  targetStationId: msg`Enter the station ID the network gave you`,
  targetKey: msg`Enter the key the network gave you`,
  targetUrl: msg`Enter the address of the server as http:// or https://`,
  targetFormat: msg`The format must be 'wunderground' or 'ecowitt'`,
  targetInterval: msg`The interval is shorter than this network allows`,
  targetLimit: msg`A station can have at most 20 upload targets`,
  accountDisabled: msg`This account has been disabled`,
  editorsCannot: msg`Editors cannot delete or change roles`,
  offline: msg`You are offline. This needs a connection to the server.`,
  requestTimeout: msg`Request timed out`,
};

/** The translation of an error code; any other text (an uncoded server message) is shown as it came. */
export function translateServerMessage(codeOrText: string): string {
  return isErrorCode(codeOrText) ? i18n._(TRANSLATIONS[codeOrText]) : codeOrText;
}
