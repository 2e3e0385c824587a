import { describe, expect, it } from 'vitest';
import { render } from '#client/entry-server.tsx';
import { admissionFieldNames } from './admission/AdmissionForm';
import { contactFieldNames } from './contact/ContactForm';

const SETTINGS = { publicUrl: 'https://school.example', closedEnquiryMonths: 24 };

/** The fields a page draws, by their names, in the order a reader meets them. */
async function drawnFields(path: string, names: readonly string[]): Promise<string[]> {
  const { html } = await render(path, SETTINGS);
  return [...html.matchAll(/<(?:input|select|textarea)\b[^>]*\bname="([^"]+)"/g)]
    .map(([, name]) => name ?? '')
    .filter((name) => names.includes(name));
}

// The error summary lists the problems, and the focus goes to the first, in the fields' declared order.
describe('a form declares its fields in the order it draws them', () => {
  it.each([
    ['/admission-enquiry', admissionFieldNames],
    ['/contact', contactFieldNames],
  ] as const)('%s', async (path, names) => {
    expect(await drawnFields(path, names)).toEqual([...names]);
  });
});
