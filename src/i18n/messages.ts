// Messages that reach the UI as English text from elsewhere (domain validators, worker/server rejections):
// spec §5 validation messages and the §8 error catalogue, translated here by their English wording.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const KNOWN: Record<string, MessageDescriptor> = {
  'Invalid MAC address': msg`Invalid MAC address`,
  'Invalid MAC address format': msg`Invalid MAC address format`,
  'Invalid Time Period': msg`Invalid Time Period`,
  'Invalid Latitude or Longitude': msg`Invalid Latitude or Longitude`,
  'Password is different': msg`Password is different`,
  'Email format is wrong': msg`Email format is wrong`,
  Required: msg`Required`,
  'At least 8 alphas': msg`At least 8 alphas`,
  'Please Enter Old Password': msg`Please Enter Old Password`,
  'Please Confirm New Password': msg`Please Confirm New Password`,
  'Fail to Change Password': msg`Fail to Change Password`,
  'Please read and agree the Terms and Conditions.': msg`Please read and agree the Terms and Conditions.`,
  'Wrong input range': msg`Wrong input range`,
  'Wrong input': msg`Wrong input`,
  'Device not found': msg`Device not found`,
  'No stations are found': msg`No stations are found`,
  'No orders found': msg`No orders found`,
  'No result': msg`No result`,
  'No Data': msg`No Data`,
  'This page could not be found': msg`This page could not be found`,
  'Error Occuried': msg`Error Occuried`,
  'Error Occuried. please contact support.': msg`Error Occuried. please contact support.`,
  'Authentication timed out': msg`Authentication timed out`,
  'Not authenticated': msg`Not authenticated`,
  'Wrong e-mail or password': msg`Wrong e-mail or password`,
  'This e-mail address is already registered': msg`This e-mail address is already registered`,
  'Too many attempts, please wait a few minutes': msg`Too many attempts, please wait a few minutes`,
  'Too many failed logins, please wait 15 minutes': msg`Too many failed logins, please wait 15 minutes`,
  // Security hardening (issue #10): login slow-down, sign-up limit, verification, ended sessions, downloads.
  'Too many failed logins from your network, please wait 15 minutes': msg`Too many failed logins from your network, please wait 15 minutes`,
  'Too many new accounts from your network, please try again later': msg`Too many new accounts from your network, please try again later`,
  'Please verify your e-mail address first': msg`Please verify your e-mail address first`,
  'This session has ended, please sign in again': msg`This session has ended, please sign in again`,
  'This download link has expired, please start the download again': msg`This download link has expired, please start the download again`,
  'User not found': msg`User not found`,
  'Password is too long': msg`Password is too long`,
  'The verification code is wrong or has expired': msg`The verification code is wrong or has expired`,
  'Log in to add a station': msg`Log in to add a station`,
  'Only the owner can change this station': msg`Only the owner can change this station`,
  // Sharing by invitation (server/services/share-invitations)
  'Only the owner can share this station': msg`Only the owner can share this station`,
  'Only the invited person can answer an invitation': msg`Only the invited person can answer an invitation`,
  'Invitation not found': msg`Invitation not found`,
  'Too many invitations, please try again later': msg`Too many invitations, please try again later`,
  'Unknown time zone': msg`Unknown time zone`,
  'No key provided': msg`No key provided`,
  'No version provided': msg`No version provided`,
  'You are offline. This needs a connection to the server.': msg`You are offline. This needs a connection to the server.`,
  'The password is wrong': msg`The password is wrong`,
  'The reset code is wrong or has expired': msg`The reset code is wrong or has expired`,
  'Too many attempts, please wait 15 minutes': msg`Too many attempts, please wait 15 minutes`,
  'The picture must be 512 KB or smaller': msg`The picture must be 512 KB or smaller`,
  'The picture must be a PNG, JPEG, WebP or GIF image': msg`The picture must be a PNG, JPEG, WebP or GIF image`,
  'Only the owner can see the upload settings of this station': msg`Only the owner can see the upload settings of this station`,
  'Request timed out': msg`Request timed out`,
  'Enter the MAC address to identify the station by it': msg`Enter the MAC address to identify the station by it`,
  'This MAC address already identifies another station': msg`This MAC address already identifies another station`,
};

/** Translates a known English message; anything else (an unexpected server text) is shown as it came. */
export function translateServerMessage(text: string): string {
  const known = KNOWN[text];
  return known ? i18n._(known) : text;
}
