/** Read out after the name of every link that opens a new tab (WCAG 3.2.5 advisory, G201). */
export const NEW_TAB_HINT = '(opens in a new tab)';
