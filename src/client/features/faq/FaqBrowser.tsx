import { useState } from 'react';
import type { FaqCategory, FaqCategoryId } from '#content/faq.ts';
import { Accordion, type AccordionItem } from '#client/ui/accordion/Accordion.tsx';
import { toggleOpenItem } from '#client/ui/accordion/accordionState.ts';
import { TabList, TabPanel, type TabItem } from '#client/ui/tabs/Tabs.tsx';
import { useMediaQuery } from '#client/ui/useMediaQuery.ts';

const ID_PREFIX = 'faq';
/** The spec's mobile breakpoint (768px), where the category list turns into a horizontal strip. */
const NARROW_SCREEN = '(max-width: 768px)';

/** An item's key: its category and position, unique across the page. */
function itemKey(category: FaqCategoryId, position: number): string {
  return `${category}-${position}`;
}

function accordionItems(category: FaqCategory): AccordionItem[] {
  return category.items.map((item, position) => ({
    id: itemKey(category.id, position),
    heading: item.question,
    content: <p>{item.answer}</p>,
  }));
}

/**
 * The seven categories as a tab list (vertical beside the questions, a horizontal strip on
 * phones) and each category's questions as a single-open accordion. Every category and answer
 * is in the prerendered markup; only the selected category is shown.
 */
export function FaqBrowser({
  categories,
  defaultCategory,
}: {
  categories: readonly FaqCategory[];
  defaultCategory: FaqCategoryId;
}) {
  const [category, setCategory] = useState<FaqCategoryId>(defaultCategory);
  const [openItem, setOpenItem] = useState<string | null>(null);
  const narrow = useMediaQuery(NARROW_SCREEN);

  return (
    <div className="faq">
      <div className="faq__sidebar">
        <TabList
          idPrefix={ID_PREFIX}
          label="Question categories"
          items={categories.map((entry): TabItem<FaqCategoryId> => ({ id: entry.id, label: entry.name }))}
          selected={category}
          onSelect={setCategory}
          orientation={narrow ? 'horizontal' : 'vertical'}
          className="faq__categories"
        />
      </div>
      <div className="faq__questions">
        {categories.map((entry) => (
          <TabPanel
            key={entry.id}
            idPrefix={ID_PREFIX}
            id={entry.id}
            hidden={entry.id !== category}
            className="faq__panel"
          >
            <h2 className="faq__category-title">{entry.name}</h2>
            <Accordion
              idPrefix={ID_PREFIX}
              items={accordionItems(entry)}
              openId={openItem}
              onToggle={(id) => setOpenItem((open) => toggleOpenItem(open, id))}
              headingLevel={3}
            />
          </TabPanel>
        ))}
      </div>
    </div>
  );
}
