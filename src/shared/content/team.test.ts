import { describe, expect, it } from 'vitest';
import { team } from '#content/team.ts';
import { photoMessages } from './photos';
import { paragraphsOf, paragraphsText, startingTeam, teamMessages, teamSchema } from './team';

const photo = { photoId: 'a1b2c3d4e5f6a1b2c3d4e5f6', width: 960, height: 960, alt: 'Portrait of Lakshmi Narayan' };
const member = {
  name: 'Lakshmi Narayan',
  role: 'Music Guide',
  photo,
  shortBio: 'Lakshmi teaches Carnatic songs.',
  fullBio: ['She trained at Kalakshetra.'],
};

function messages(people: unknown): Record<string, string> {
  const parsed = teamSchema.safeParse(people);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the team as site content', () => {
  it('starts as the team that ships with the site, in order, every photo an illustration that fits the schema', () => {
    expect(teamSchema.parse(startingTeam())).toEqual(
      team.map(({ name, role, photo: image, shortBio, fullBio }) => ({ name, role, photo: image, shortBio, fullBio })),
    );
  });

  it('says in plain words what is wrong, beside the field', () => {
    expect(messages([{ ...member, name: '' }])).toEqual({ '0.name': teamMessages.nameMissing });
    expect(messages([{ ...member, role: ' ' }])).toEqual({ '0.role': teamMessages.roleMissing });
    expect(messages([{ ...member, shortBio: 'x'.repeat(301) }])).toEqual({
      '0.shortBio': teamMessages.shortBioTooLong,
    });
    expect(messages([{ ...member, fullBio: [] }])).toEqual({ '0.fullBio': teamMessages.fullBioMissing });
    expect(messages([{ ...member, fullBio: Array.from({ length: 7 }, () => 'A paragraph.') }])).toEqual({
      '0.fullBio': teamMessages.fullBioTooLong,
    });
    expect(messages([{ ...member, fullBio: ['x'.repeat(1201)] }])).toEqual({
      '0.fullBio.0': teamMessages.fullBioTooLong,
    });
    expect(messages([{ ...member, photo: undefined }])).toEqual({ '0.photo': photoMessages.photoMissing });
    expect(messages([member, { ...member, photo: { ...photo, alt: '' } }])).toEqual({
      '1.photo.alt': photoMessages.altMissing,
    });
    expect(messages([])).toEqual({ '': teamMessages.empty });
    expect(messages(Array.from({ length: 31 }, () => member))).toEqual({ '': teamMessages.tooMany });
  });

  it('keeps a full biography as the paragraphs the office writes apart by an empty line', () => {
    expect(paragraphsOf('First one,\nstill the first.\n\n  \n Second. \r\n\r\nThird.\n')).toEqual([
      'First one,\nstill the first.',
      'Second.',
      'Third.',
    ]);
    expect(paragraphsOf('  ')).toEqual([]);
    expect(paragraphsOf(paragraphsText(['One.', 'Two.']))).toEqual(['One.', 'Two.']);
  });
});
