/**
 * User-facing texts taken verbatim from SPEC.md. Where the SPEC names a rule but not its
 * wording, the text here is ours and marked so; everything else must match the SPEC exactly.
 */
export const PRODUCT_NAME = 'RushChess';
export const DEFAULT_SUPPORT_EMAIL = 'support@rushchess.example';

export const TEXTS = {
  // SPEC 5: username
  usernameRequired: 'Username is required', // ours
  usernameTooShort: 'Username must be at least 3 characters', // ours
  usernameTooLong: 'Username must be at most 10 characters', // ours (hint: max 10)
  usernameMustStartWithLetter: 'Username must start with a letter', // ours
  usernameSpecialChars: 'Special characters cannot be used',
  usernameExists: 'Username exists',
  // SPEC 5: email
  emailRequired: 'Email is required', // ours
  emailInvalid: 'Email is invalid', // ours
  // SPEC 5: password
  passwordRequired: 'Password is required', // ours
  passwordTooShort: 'Password must be at least 8 characters', // ours
  passwordTooLong: 'Password must be at most 20 characters', // ours
  passwordSymbol: 'Password must contain at least 1 symbol',
  passwordNumber: 'Password must contain at least 1 number',
  passwordCapital: 'Password must contain at least 1 capital letter',
  confirmMismatch: 'Passwords must match', // ours
  dobRequired: 'Date of birth is required', // ours
  dobInvalid: 'Date of birth is invalid', // ours
  underAge: 'You have to be at least 18 years old to register',
  dobFirst: 'Please enter your date of birth to continue.', // ours (a provider sign-up gives it first)
  dobAlreadySet: 'Your date of birth is already on your account.', // ours
  termsRequired: 'You have to accept the terms to register', // ours
  // SPEC 2 / 4: auth
  resetSuccess: 'Password reset successful, please check your email, including Spam folder',
  checkEmail: 'Please check your email, including spam folder',
  // ours (issue 19): a resend within the minute sends nothing and says when the next may go
  verificationMailWait: (wait: string) =>
    `We sent you a verification email less than a minute ago. You can ask for another in ${wait}.`,
  invalidCredentials: 'Invalid email/username or password', // ours (SPEC 8: single message)
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.', // ours
  // ours (issue 10): the throttle's answer names the wait, e.g. "2 minutes" (domain formatRetryWait)
  tooManyAttemptsWait: (wait: string) => `Too many attempts. Please wait ${wait} and try again.`,
  // ours (issue 10): registration answers this whether or not the address already has an account
  registrationCheckEmail:
    'Almost done! We sent a link to your email to finish signing up. Please check your email, including spam folder',
  // ours (issue 36): the sign-up panel names the address it knows; the server's answer cannot (no enumeration)
  registrationSentTo: (email: string) =>
    `Almost done! We sent a link to ${email} to finish signing up. Please check your email, including spam folder`,
  // ours (issue 10): a new recovery address is used only once its link is opened
  recoveryEmailPending: (email: string) => `${email} is waiting for verification: open the link we sent to it`,
  resetLinkInvalid: 'This link is invalid or has expired', // ours
  passwordChanged: 'Password changed successfully', // ours
  currentPasswordWrong: 'Current password is incorrect', // ours
  emailTaken: 'An account with this email already exists', // ours
  identifierRequired: 'Please enter your email or username', // ours (SPEC 5: empty identifier)
  captchaFailed: 'Please complete the captcha', // ours
  captchaUnavailable: 'The captcha could not be loaded. Please reload the page.', // ours (issue 12)
  emailVerified: 'Your email has been verified', // ours
  googleSignInFailed: 'Google sign-in failed, please try again', // ours
  googleEmailUnverified: 'Your Google email address is not verified', // ours
  facebookSignInFailed: 'Facebook sign-in failed, please try again', // ours (issue 20)
  // ours (issue 20): Facebook gave no address (a phone-only account, or the email permission declined)
  facebookEmailMissing:
    'Your Facebook account did not share an email address. Please allow access to your email, or sign up with your email instead',
  // SPEC 8: disabled account login; {email} is the support address
  loginDisabled: (email: string) =>
    `Your account has been banned for Terms violation. If you believe this is in error, please contact ${email}`,
  accountClosed: 'You account has been permanently closed.',
  // SPEC 6
  onlyVerified: 'Sorry, this option is available only to verified users.',
  // generic
  controlCharacters: 'Text may not contain control characters.', // ours: issue 10 edge rule
  notFound: 'Not found', // ours
  unauthenticated: 'Please log in to continue', // ours
  forbidden: 'You are not allowed to do that', // ours
  csrf: 'Your session has expired, please reload the page', // ours
  rateLimited: 'Too many requests, please slow down', // ours
  rateLimitedRetryIn: (seconds: number) => `Too many requests, try again in ${seconds} s`, // ours (issue 10)
  // ours (issue 33): this tab's live connection closed for the user's newer windows (close 4009)
  sessionElsewhere: 'Your session continues in another window.',
  useHere: 'Use here',
  badRequest: 'The request is invalid', // ours
  internal: 'Something went wrong',
  serviceBusy: 'The service is busy, please try again in a moment', // ours (issue 18: a database connection lost)
  // SPEC 2 / 5 / 8: wallet screen and Account Settings, Gaming pane
  noTransactions: 'There is no transactions.',
  geolocationUnsupported: 'Geolocation is not supported by this browser.',
  confirmLimit: 'Are you sure you want to limit your betting? This action cannot be undone until the timer expires.',
  confirmCloseAccount:
    'Are you sure you want to close your account? Your account will be closed permanently and this action cannot be undone.',
  // SPEC 8: wallet session flags (start wallet session with DeviceGPS)
  walletIdEx: `An account for this user already exists in our system. Please sign into this account to play on ${PRODUCT_NAME}. If you believe this is in error, please contact support.`,
  walletIdBlocked: 'This account is blocked from playing. If you believe this is in error, please contact support.',
  walletLlBlocked: 'Gaming in this location is restricted.',
  walletUnableToProcess: 'Unable to process',
  walletNotVerified: 'Verify your wallet first: create it and enter the code we sent you by SMS.', // ours (SPEC 4 wallet flow)
  locationRequired:
    'Location services are required to deposit. Please allow this site to use your location and try again.', // ours
  locationReview:
    'Your location is close to a state where cash play is not offered, so it needs a manual review before you can play or deposit for real money. Please contact support.', // ours (issue 16)
  notOfferedHere: `${PRODUCT_NAME} is only available in the United States and Canada.`, // ours (SPEC 1)
  regionIsCanada: 'You are in Canada: please use Deposit/Withdrawals for Canadian Users.', // ours
  regionNotCanada: 'Deposit/Withdrawals for Canadian Users is only available in Canada.', // ours
  // SPEC 5, 9: deposits (amounts are formatted, e.g. "1,250.00")
  depositBelowMinimum: 'The minimum deposit is $10.00.', // ours
  depositAboveMaximum: 'The maximum deposit is $10,000.00.', // ours
  depositMonthlyCap: (room: string) =>
    `Deposits are limited to US$3,000.00 per month. You can deposit up to $${room} more this month.`, // ours
  depositLimitReached: (room: string, until: string) => `Your deposit limit allows $${room} more until ${until}.`, // ours
  // SPEC 4, 9: withdrawals (banned: loginDisabled(email) above, the terms-violation text)
  withdrawReported: 'You have been reported by another player: withdrawal is temporarily disabled.',
  withdrawAfterDeposit: 'Withdrawals are blocked for 48 hours after your last deposit.', // ours
  /** Issue 32: a deposit returned by the payer's bank after it was credited, more than the balance held. */
  depositDebt: (amount: string) =>
    `A deposit was returned by your bank: you owe $${amount}. Your next deposit pays it first; until then you cannot withdraw or play for real money.`, // ours
  withdrawAmountRequired: 'Please enter an amount to withdraw.', // ours
  withdrawBelowFee: 'Canadian withdrawals carry a US$2.00 fee: please withdraw more than $2.00.', // ours
  withdrawInsufficient: 'You do not have sufficient funds to withdraw this amount.', // ours
  withdrawNotWagered: (withdrawable: string) =>
    `Deposited money must be played once before it can be withdrawn. You can withdraw up to $${withdrawable} now.`, // ours
  withdrawKeyReused:
    'This withdrawal was already requested with a different amount or region. Please check your transactions before trying again.', // ours
  // SPEC 5: admin withdraw
  adminWithdrawAboveBalance: 'Withdraw amount cannot be more than current amount',
  // SPEC 4: self-limits
  limitLooser: (until: string) =>
    `Your current limit is active until ${until}. Until then it can only be made stricter.`, // ours
  limitPast: 'The expiration date must be in the future.', // ours
  limitInvalidDate: 'Please choose a valid expiration date.', // ours
  // SPEC 9: out-of-coins top-up
  topUpNotEmpty: 'The top-up is only available when you are out of RushCoins.', // ours
  topUpGameRunning: 'The top-up is not available while a game is running.', // ours
  topUpAlreadyToday: 'You have already received a top-up today. Come back tomorrow.', // ours
  // API mechanics
  idempotencyKeyRequired: 'An Idempotency-Key header (1-100 letters, digits, "-", "_", ":" or ".") is required.', // ours
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1-100 letters, digits, "-", "_", ":" or ".".', // ours
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.', // ours
  webhookSignatureInvalid: 'Invalid signature', // ours
  paymentNotOpen: 'This payment is no longer open.', // ours
  paymentsOff: 'Dollar deposits and withdrawals are not available on this site.', // ours: PAYMENTS=off
  // ours (issue 37): a break (cool-off) and loss limits; {until} is a date as `when` writes it
  coolOffActive: (until: string) =>
    `You are taking a break until ${until}. Staked play and deposits are paused; you can still withdraw.`,
  coolOffShorter: (until: string) =>
    `You are already taking a break until ${until}. A break cannot be shortened: you can only choose one that ends later.`,
  confirmCoolOff: (length: string) =>
    `Are you sure you want to take a break for ${length}? This action cannot be undone until the timer expires.`,
  // {period} is daily, weekly or monthly; {amount} is formatted with its currency ("$20.00", "200.00 RC")
  lossLimitPassed: (period: string, amount: string) =>
    `This stake would take you past your ${period} loss limit of ${amount}.`,
  lossLimitLoosenLater: (period: string, at: string) =>
    `Your ${period} loss limit can only be raised or removed after 24 hours: the change takes effect on ${at}.`,
  lossLimitInvalid: 'Please enter a loss limit of zero or more.',
  confirmLossLimit:
    'Are you sure you want to limit your losses? A lower limit applies at once; a higher limit or removing it takes effect after 24 hours.',
} as const;
