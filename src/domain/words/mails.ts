// The e-mails the server sends besides alerts, in the recipient's language.
import type { Words } from './types';

export const MAIL_WORDS = {
  verifySubject: /*i18n*/ { id: 'mail.verify.subject', message: 'Your verification code: {code}' },
  verifyBody: /*i18n*/ {
    id: 'mail.verify.body',
    message: 'Welcome to the weather portal.\n\nYour verification code is {code}. It is valid for 24 hours.',
  },
  resetSubject: /*i18n*/ { id: 'mail.reset.subject', message: 'Your password reset code: {code}' },
  resetBody: /*i18n*/ {
    id: 'mail.reset.body',
    message:
      'Someone (hopefully you) asked to reset the password of your weather portal account.\n\nYour reset code is {code}. It is valid for 1 hour. If you did not ask for it, ignore this message.',
  },
  takenSubject: /*i18n*/ { id: 'mail.taken.subject', message: 'Someone tried to sign up with your address' },
  takenBody: /*i18n*/ {
    id: 'mail.taken.body',
    message:
      'Someone (hopefully you) tried to create a weather portal account with this e-mail address, which already has one. Sign in instead; if you forgot the password, use "Forgot password" on the login page. If it was not you, ignore this message: nothing was changed.',
  },
  inviteSubject: /*i18n*/ {
    id: 'mail.invite.subject',
    message: '{name} invites you to see the weather station "{station}"',
  },
  inviteBody: /*i18n*/ {
    id: 'mail.invite.body',
    message:
      '{who} invites you to see their weather station "{station}" on the weather portal.\n\n{next}\n\nNothing is shared with {name} unless you accept; you can ignore this message.',
  },
  inviteWithAccount: /*i18n*/ { id: 'mail.invite.withAccount', message: 'Accept or decline it here: {link}' },
  inviteWithoutAccount: /*i18n*/ {
    id: 'mail.invite.withoutAccount',
    message: 'To accept it, create an account with this address: {signup}\nThen open {link}',
  },
  pausedSubject: /*i18n*/ {
    id: 'mail.paused.subject',
    message: 'Forwarding of {station} to {network} is paused',
  },
  pausedBody: /*i18n*/ {
    id: 'mail.paused.body',
    message:
      '{network} refused the station ID or key of {station} {count} times in a row (last answer: {answer}).\n\nNothing more is sent to it until you check the station ID and key on the Weather Server page{where} and save them, or turn the target on again.',
  },
} satisfies Record<string, Words>;
