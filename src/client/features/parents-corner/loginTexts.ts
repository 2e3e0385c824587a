/**
 * The texts of the prerendered login form and of what every screen shares, apart from the other
 * screens' texts so that the page's first scripts stay within the 80 KB budget (decision 0006).
 */
export const loginTexts = {
  noScriptNote: "The Parents' Corner needs JavaScript. Please switch it on, or contact the school office.",
  signingIn: 'Logging in...',
  codeLabel: 'Code from the email',
  codeHint: 'Eight digits; the space between them does not matter.',
  /** When the server could not be reached or gave no answer. */
  unreachable: 'The school’s server could not be reached. Please check your connection and try again.',
  loading: 'Loading your Parents’ Corner...',
};
