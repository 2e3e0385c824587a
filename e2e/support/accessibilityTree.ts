import type { Page } from 'playwright-core';

/** A button or link as Chromium exposes it to assistive technology, beside its DOM text. */
export type ExposedControl = { role: 'button' | 'link'; name: string; text: string };

const isControlRole = (role: unknown): role is ExposedControl['role'] => role === 'button' || role === 'link';

/**
 * Every button and link in Chromium's own accessibility tree (what a screen reader is given),
 * with the accessible name Chromium computed and the text content of its DOM node.
 */
export async function exposedControls(page: Page): Promise<ExposedControl[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('Accessibility.enable');
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const controls: ExposedControl[] = [];
    for (const node of nodes) {
      const role = node.role?.value;
      if (node.ignored || !isControlRole(role) || node.backendDOMNodeId === undefined) continue;
      const { object } = await cdp.send('DOM.resolveNode', { backendNodeId: node.backendDOMNodeId });
      if (!object.objectId) continue;
      const { result } = await cdp.send('Runtime.callFunctionOn', {
        objectId: object.objectId,
        functionDeclaration: 'function () { return this.textContent ?? ""; }',
        returnByValue: true,
      });
      controls.push({ role, name: String(node.name?.value ?? ''), text: String(result.value ?? '') });
    }
    return controls;
  } finally {
    await cdp.detach();
  }
}

export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
