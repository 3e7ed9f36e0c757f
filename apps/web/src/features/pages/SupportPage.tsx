import { useMemo, useState } from 'react';
import { DEFAULT_SUPPORT_EMAIL, PRODUCT_NAME } from '@rush/domain';
import { Accordion, AccordionItem } from './Accordion.tsx';
import { breakAfterSlashes } from './breakAfterSlashes.tsx';
import { PageNav } from './PageNav.tsx';
import { SupportEmailLink, type StaticPageProps } from './SupportEmailLink.tsx';
import { faqSections, isFaqSectionId, type FaqSection, type FaqSectionId } from './faqContent.tsx';
import { useNavigationKey, useScrollToHash } from './useScrollToHash.ts';
import './pages.css';

const DEFAULT_OPEN_SECTION: FaqSectionId = 'general';

function toggled<T>(set: ReadonlySet<T>, value: T): ReadonlySet<T> {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
}

function FaqSectionView({ section, open, onToggle }: { section: FaqSection; open: boolean; onToggle: () => void }) {
  const [openItems, setOpenItems] = useState<ReadonlySet<string>>(() => new Set());
  return (
    <AccordionItem
      id={section.id}
      anchorId={section.id}
      className="sp-faq-section"
      title={breakAfterSlashes(section.title)}
      headingLevel={2}
      open={open}
      onToggle={onToggle}
    >
      <Accordion className="sp-faq-items">
        {section.items.map((item) => (
          <AccordionItem
            key={item.id}
            id={`faq-${section.id}-${item.id}`}
            className="sp-faq-item"
            title={item.question}
            headingLevel={3}
            open={openItems.has(item.id)}
            onToggle={() => setOpenItems((prev) => toggled(prev, item.id))}
          >
            <div className="sp-prose">{item.answer}</div>
          </AccordionItem>
        ))}
      </Accordion>
    </AccordionItem>
  );
}

/**
 * /support: the FAQ (SPEC 2). Five sections, each an accordion of questions, with a side nav of
 * anchors. The URL hash is honoured: on load and whenever it changes, the section it names is
 * opened and scrolled into view (e.g. /support#wagerbucks opens RushCoins/Cosmetics/Achievements).
 */
export function SupportPage({ supportEmail = DEFAULT_SUPPORT_EMAIL }: StaticPageProps) {
  const sections = useMemo(() => faqSections(supportEmail), [supportEmail]);
  const key = useNavigationKey();
  const hashId = useScrollToHash();
  const hashSection = isFaqSectionId(hashId) ? hashId : undefined;

  const [openSections, setOpenSections] = useState<ReadonlySet<FaqSectionId>>(
    () => new Set([hashSection ?? DEFAULT_OPEN_SECTION]),
  );
  // A navigation to a section's hash opens it (adjusting state while rendering, so the section
  // is already open when useScrollToHash scrolls to it after commit).
  const [handledKey, setHandledKey] = useState(key);
  if (handledKey !== key) {
    setHandledKey(key);
    if (hashSection && !openSections.has(hashSection)) setOpenSections(new Set(openSections).add(hashSection));
  }

  return (
    <div className="sp-page sp-page--with-nav">
      <div className="sp-header">
        <h1>Help &amp; Support</h1>
        <p className="sp-lead">
          Answers to the questions we hear most about {PRODUCT_NAME}. Still stuck? Email{' '}
          <SupportEmailLink email={supportEmail} />.
        </p>
      </div>
      <div className="sp-layout">
        <PageNav
          label="FAQ sections"
          items={sections.map((s) => ({ id: s.id, label: s.title }))}
          current={hashSection}
        />
        <Accordion className="sp-content sp-faq">
          {sections.map((section) => (
            <FaqSectionView
              key={section.id}
              section={section}
              open={openSections.has(section.id)}
              onToggle={() => setOpenSections((prev) => toggled(prev, section.id))}
            />
          ))}
        </Accordion>
      </div>
    </div>
  );
}
