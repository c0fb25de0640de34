/** English: the newsletter and privacy pages' words (locales/sections.ts LATER_PARTS). */
const words = {
  privacyPages: {
    newsletterIntro: 'Get news about new products and offers by e-mail at {email:string}.',
    newsletterSubscribed: 'You are subscribed to the newsletter.',
    newsletterPending: 'We sent a mail to {email:string}: confirm your subscription with its link.',
    newsletterUnsubscribed: 'You are not subscribed to the newsletter.',
    subscribe: 'Subscribe to the newsletter',
    unsubscribe: 'Unsubscribe',
    unsubscribed: 'You have been unsubscribed.',
    loginFirst: 'Log in to see your newsletter and privacy settings.',
    loginLink: 'Log in',
    privacyIntro: 'Download the data we hold about you, or remove your personal data. Enter your password to confirm.',
    password: 'Password',
    downloadTitle: 'Download my data',
    downloadText: 'A JSON file with your profile, addresses, orders and newsletter subscription.',
    download: 'Download my data',
    downloaded: 'Your data has been downloaded.',
    anonymiseTitle: 'Anonymise my account',
    anonymiseText:
      'Your name, e-mail address and addresses are removed from your account and orders. Your orders are kept without them for our bookkeeping. You can no longer log in.',
    anonymise: 'Anonymise my account',
    deleteTitle: 'Delete my account',
    deleteText: 'Your account and personal data are deleted. Your orders are kept without personal data, as the law requires for our bookkeeping.',
    delete: 'Delete my account',
    confirmErase: 'This cannot be undone. Are you sure?',
    confirm: 'Yes, go ahead',
    cancel: 'Cancel',
    erased: 'Your personal data has been removed and you are logged out.',
    passwordWrong:
      'The password is not correct. Signed up with Google or Facebook and have no password yet? Set one first with “Forgot the password?” on the login form.',
    passwordRequired: 'Enter your password.',
    offline: 'You are offline. Try again when you are back online.',
    tooMany: 'Too many attempts. Wait a minute and try again.',
    failed: 'Something went wrong. Please try again later.',
  },
}

export default words
