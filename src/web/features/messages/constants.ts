/** Messages routes send visitors to the login after this delay. */
export const LOGIN_REDIRECT_DELAY_MS = 150;
/** The message dialog closes this long after 'Message sent successfully!'. */
export const DIALOG_CLOSE_AFTER_MS = 2_000;
