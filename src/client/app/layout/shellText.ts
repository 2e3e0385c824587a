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
  newTabHint: '(opens in a new tab)',
  footerNavPrefix: 'Footer',
  networkHeading: 'Our School Network',
  socialHeading: 'Follow Us',
  officeHoursLabel: 'Office hours',
  rightsReserved: 'All rights reserved.',
} as const;
