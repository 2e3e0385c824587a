import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { programDetails, programFacts } from '#content/programDetails.ts';
import { programNames } from '#content/programs.ts';
import { ProgramTabs } from './ProgramTabs';

const attributeValues = (html: string, attribute: string) =>
  [...html.matchAll(new RegExp(` ${attribute}="([^"]+)"`, 'g'))].map((match) => match[1]);

describe('program tabs', () => {
  it.each(programNames)(
    'with %s selected, each aria-controls names a panel in the page, and the selected tab names its own',
    (selected) => {
      const html = renderToString(
        <ProgramTabs selected={selected} onSelect={() => undefined} programs={programFacts} details={programDetails} />,
      );
      const ids = attributeValues(html, 'id');
      const controlled = attributeValues(html, 'aria-controls');
      expect(controlled).toEqual([`program-panel-${selected}`]);
      for (const id of controlled) expect(ids).toContain(id);
    },
  );
});
