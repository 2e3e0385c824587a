import { call, mutation, queryInput, type Inputs, type Outputs } from './parentRequests';

/** The calls of the screens after the login form, kept out of the page's first scripts (decision 0006). */
export const portalRequests = {
  forgotPassword: (input: Inputs['forgotPassword']) =>
    call<Outputs['forgotPassword']>('forgotPassword', mutation(input)),
  linkHolder: (input: Inputs['linkHolder']) => call<Outputs['linkHolder']>('linkHolder', {}, queryInput(input)),
  choosePassword: (input: Inputs['choosePassword']) =>
    call<Outputs['choosePassword']>('choosePassword', mutation(input)),
  markRead: (input: Inputs['markRead']) => call<Outputs['markRead']>('markRead', mutation(input)),
  replaceCalendarFeed: () => call<Outputs['replaceCalendarFeed']>('replaceCalendarFeed', mutation(undefined)),
  devices: () => call<Outputs['devices']>('devices'),
  changePassword: (input: Inputs['changePassword']) =>
    call<Outputs['changePassword']>('changePassword', mutation(input)),
  chooseNoticeMail: (input: Inputs['chooseNoticeMail']) =>
    call<Outputs['chooseNoticeMail']>('chooseNoticeMail', mutation(input)),
  signOutEverywhere: () => call<Outputs['signOutEverywhere']>('signOutEverywhere', mutation(undefined)),
};
