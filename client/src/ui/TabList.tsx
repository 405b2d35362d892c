import { onSelectingTabListKeyDown } from './keyboard/menu-keyboard';

export interface TabItem<T extends string> {
  value: T;
  label: string;
  disabled?: boolean;
  /** Why a disabled tab is disabled. */
  title?: string;
}

const tabId = (id: string, value: string) => `${id}-tab-${value}`;
const panelId = (id: string) => `${id}-panel`;

/**
 * A WAI-ARIA tab list with automatic activation (keyboard navigation): ArrowLeft / ArrowRight / Home /
 * End move to and select the enabled tabs, only the selected tab is in the Tab order (roving tabindex), and
 * every tab controls the one panel that carries `tabPanelProps(id, selected)`. `id` must be unique on the page.
 */
export function TabList<T extends string>({
  id,
  label,
  tabs,
  selected,
  onSelect,
  className = 'tabs',
}: {
  id: string;
  label: string;
  tabs: TabItem<T>[];
  selected: T;
  onSelect: (value: T) => void;
  className?: string;
}) {
  return (
    <div className={className} role="tablist" aria-label={label} onKeyDown={onSelectingTabListKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          id={tabId(id, tab.value)}
          aria-controls={panelId(id)}
          aria-selected={tab.value === selected}
          tabIndex={tab.value === selected ? 0 : -1}
          disabled={tab.disabled}
          title={tab.title}
          onClick={() => onSelect(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The attributes of the panel a TabList controls, labelled by its selected tab. */
export function tabPanelProps(id: string, selected: string) {
  return { role: 'tabpanel', id: panelId(id), 'aria-labelledby': tabId(id, selected) } as const;
}
