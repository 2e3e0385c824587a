/** Privacy's only way in from outside: the page of a person's data, and the daily retention purge. */
export { personDataPage, personDataPagePolicy } from './personDataPage';
export { createRetentionPurge, type RetentionPurge } from './retentionPurge';
