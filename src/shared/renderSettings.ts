/**
 * What a rendered page depends on besides the content: the address in its canonical links and
 * structured data, and the retention period its privacy notice states. The build records these
 * (build-info.json) and the server refuses to serve a build made with other values.
 */
export type RenderSettings = {
  /** PUBLIC_URL */
  publicUrl: string;
  /** RETENTION_MONTHS */
  closedEnquiryMonths: number;
};

/** The environment variable behind each setting, for the message that asks for a new build. */
export const renderSettingVariables: Record<keyof RenderSettings, string> = {
  publicUrl: 'PUBLIC_URL',
  closedEnquiryMonths: 'RETENTION_MONTHS',
};
