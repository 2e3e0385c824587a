import { NEW_TAB_HINT } from '#client/ui/newTab.ts';

/**
 * The words of the page shell (header, menus, banner, footer) that are not facts about the
 * school: button names, hints and headings. Tests read them from here too.
 */
export const shellText = {
  skipLink: 'Skip to main content',
  mainNavLabel: 'Main',
  /** Name of a submenu button, after the parent's label: 'About Us pages'. */
  submenuSuffix: 'pages',
  menuButton: 'Menu',
  menuDialogLabel: 'Site menu',
  closeMenu: 'Close menu',
  backToTop: 'Back to top',
  callPrefix: 'Call',
  bannerLabel: 'Admissions',
  pauseBanner: 'Pause the scrolling banner',
  playBanner: 'Play the scrolling banner',
  newTabHint: NEW_TAB_HINT,
  footerNavPrefix: 'Footer',
  networkHeading: 'Our School Network',
  socialHeading: 'Follow Us',
  officeHoursLabel: 'Office hours',
  rightsReserved: 'All rights reserved.',
} as const;

/**
 * A submenu button's name, 'About Us pages', as one text node: in markup made of separate text
 * nodes Chromium drops the space between them and names the button 'About Uspages'.
 */
export const submenuButtonName = (label: string) => `${label} ${shellText.submenuSuffix}`;
