import { describe, expect, it } from 'vitest';
import { programsPage } from '#content/programDetails.ts';
import { defaultProgram, programsHeading, selectedProgram, showsLocalSeo } from './programsRules';

describe('program tab rule', () => {
  it('takes the tab from the route parameter when it names a program', () => {
    expect(selectedProgram('toddler')).toBe('toddler');
    expect(selectedProgram('primary')).toBe('primary');
    expect(selectedProgram('elementary')).toBe('elementary');
    expect(selectedProgram('adolescent')).toBe('adolescent');
  });

  it('falls back to the toddler tab for a missing or unknown parameter', () => {
    expect(defaultProgram).toBe('toddler');
    expect(selectedProgram(undefined)).toBe('toddler');
    expect(selectedProgram('pre-primary')).toBe('toddler');
    expect(selectedProgram('Primary')).toBe('toddler');
    expect(selectedProgram('')).toBe('toddler');
  });
});

describe('programs heading rule', () => {
  it("says 'Our Programs' under /programs exactly", () => {
    expect(programsHeading('/programs', programsPage)).toBe(programsPage.heading);
    expect(programsHeading('/programs/', programsPage)).toBe(programsPage.heading);
    expect(programsPage.heading).toBe('Our Programs');
  });

  it("says 'Curriculum' everywhere else", () => {
    expect(programsHeading('/curriculum', programsPage)).toBe('Curriculum');
    expect(programsHeading('/programs/primary', programsPage)).toBe('Curriculum');
    expect(programsHeading('/programs/unknown', programsPage)).toBe('Curriculum');
  });
});

describe('local SEO box rule', () => {
  it('shows within /programs and not under /curriculum', () => {
    expect(showsLocalSeo('/programs')).toBe(true);
    expect(showsLocalSeo('/programs/elementary')).toBe(true);
    expect(showsLocalSeo('/curriculum')).toBe(false);
    expect(showsLocalSeo('/programs-old')).toBe(false);
  });
});
