import { programNames, type ProgramName } from '#content/programNames.ts';
import type { ProgramDetails as Details, ProgramFacts } from '#content/programDetails.ts';
import { TabList, TabPanel, type TabItem } from '#client/ui/tabs/Tabs.tsx';
import { ProgramDetails } from './ProgramDetails';

const ID_PREFIX = 'program';

type ProgramTabsProps = {
  selected: ProgramName;
  onSelect: (program: ProgramName) => void;
  programs: Readonly<Record<ProgramName, ProgramFacts>>;
  details: Readonly<Record<ProgramName, Details>>;
};

/** The four programs as tabs; only the selected program's panel is rendered. */
export function ProgramTabs({ selected, onSelect, programs, details }: ProgramTabsProps) {
  const tabItems: TabItem<ProgramName>[] = programNames.map((name) => ({
    id: name,
    label: (
      <>
        <span className="program-tab__name">{programs[name].label}</span>
        <span className="program-tab__age">{programs[name].ageBand.label}</span>
      </>
    ),
  }));
  return (
    <div className="program-tabs">
      <TabList
        idPrefix={ID_PREFIX}
        label="Programs"
        items={tabItems}
        selected={selected}
        onSelect={onSelect}
        panels="selected"
        className="program-tabs__list"
      />
      <TabPanel idPrefix={ID_PREFIX} id={selected} className="program-tabs__panel">
        <ProgramDetails program={programs[selected]} details={details[selected]} />
      </TabPanel>
    </div>
  );
}
