import type { KeyboardEvent, ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { onSelectingTabListKeyDown } from './keyboard/menu-keyboard';
import { TabList, tabPanelProps, type TabItem } from './TabList';

type Mode = 'single' | 'parlay' | 'teaser';
const TABS: TabItem<Mode>[] = [
  { value: 'single', label: 'Single' },
  { value: 'parlay', label: 'Parlay' },
  { value: 'teaser', label: 'Teaser', disabled: true, title: 'Not offered' },
];

function tabsOf(html: string) {
  return [...html.matchAll(/<button ([^>]*)>([^<]*)<\/button>/g)].map(([, attrs, label]) => {
    const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attrs)?.[1];
    return {
      label,
      id: attr('id'),
      controls: attr('aria-controls'),
      selected: attr('aria-selected'),
      tabindex: attr('tabindex'),
      disabled: /(^| )disabled=""( |$)/.test(attrs),
      title: attr('title'),
    };
  });
}

// Keyboard navigation: the WAI-ARIA tabs pattern on the login / sign-up, bet slip and game modal tabs.
describe('TabList', () => {
  const html = renderToStaticMarkup(
    <TabList id="slip" label="Bet type" tabs={TABS} selected="parlay" onSelect={() => undefined} />,
  );

  it('is a labelled tab list whose selected tab alone is in the Tab order (roving tabindex)', () => {
    const listAttributes = /^<div ([^>]*)><button /.exec(html)?.[1].match(/[\w-]+="[^"]*"/g);
    expect(listAttributes?.sort()).toEqual(['aria-label="Bet type"', 'class="tabs"', 'role="tablist"']);
    expect(tabsOf(html)).toEqual([
      {
        label: 'Single',
        id: 'slip-tab-single',
        controls: 'slip-panel',
        selected: 'false',
        tabindex: '-1',
        disabled: false,
        title: undefined,
      },
      {
        label: 'Parlay',
        id: 'slip-tab-parlay',
        controls: 'slip-panel',
        selected: 'true',
        tabindex: '0',
        disabled: false,
        title: undefined,
      },
      {
        label: 'Teaser',
        id: 'slip-tab-teaser',
        controls: 'slip-panel',
        selected: 'false',
        tabindex: '-1',
        disabled: true,
        title: 'Not offered',
      },
    ]);
  });

  it('labels its panel with the selected tab', () => {
    expect(tabPanelProps('slip', 'parlay')).toEqual({
      role: 'tabpanel',
      id: 'slip-panel',
      'aria-labelledby': 'slip-tab-parlay',
    });
  });

  it('selects by click and moves with the keys through the selecting handler', () => {
    const chosen: Mode[] = [];
    const list = TabList({
      id: 'slip',
      label: 'Bet type',
      tabs: TABS,
      selected: 'single',
      onSelect: (m) => chosen.push(m),
    }) as ReactElement<{
      onKeyDown: unknown;
      children: ReactElement<{ onClick: () => void }>[];
    }>;
    expect(list.props.onKeyDown).toBe(onSelectingTabListKeyDown);
    list.props.children[1].props.onClick();
    expect(chosen).toEqual(['parlay']);
  });
});

/** A tab as the handler sees it: focus, click, visibility and aria-selected. */
class FakeTab {
  clicks = 0;
  constructor(
    readonly name: string,
    public selected = false,
    readonly disabled = false,
    readonly shown = true,
  ) {}
  focus() {
    (globalThis as { document?: { activeElement: unknown } }).document!.activeElement = this;
  }
  click() {
    this.clicks++;
  }
  getClientRects() {
    return { length: this.shown ? 1 : 0 };
  }
  getAttribute(name: string) {
    return name === 'aria-selected' ? String(this.selected) : null;
  }
}

describe('onSelectingTabListKeyDown (automatic activation)', () => {
  let tabs: FakeTab[];
  const doc = globalThis as { document?: { activeElement: unknown } };

  beforeEach(() => {
    // Single (selected, focused), Parlay, Teaser (disabled), Props (hidden), Round robin
    tabs = [
      new FakeTab('single', true),
      new FakeTab('parlay'),
      new FakeTab('teaser', false, true),
      new FakeTab('props', false, false, false),
      new FakeTab('robin'),
    ];
    doc.document = { activeElement: tabs[0] };
  });
  afterEach(() => delete doc.document);

  function press(key: string) {
    let prevented = false;
    const list = {
      querySelectorAll: (selector: string) =>
        selector === '[role="tab"]:not([disabled])' ? tabs.filter((t) => !t.disabled) : [],
    };
    onSelectingTabListKeyDown({
      key,
      currentTarget: list,
      preventDefault: () => (prevented = true),
    } as unknown as KeyboardEvent<HTMLElement>);
    return prevented;
  }
  const focused = () => (doc.document!.activeElement as FakeTab).name;

  it('moves focus to the next enabled, visible tab with ArrowRight and selects it', () => {
    expect(press('ArrowRight')).toBe(true);
    expect(focused()).toBe('parlay');
    expect(tabs[1].clicks).toBe(1);
    press('ArrowRight');
    expect(focused()).toBe('robin');
  });

  it('wraps with ArrowLeft, and goes to the ends with Home / End', () => {
    press('ArrowLeft');
    expect(focused()).toBe('robin');
    press('Home');
    expect(focused()).toBe('single');
    press('End');
    expect(focused()).toBe('robin');
    expect(tabs[4].clicks).toBe(2);
  });

  it('does not re-select the tab already selected, and leaves other keys to the browser', () => {
    press('Home');
    expect(tabs[0].clicks).toBe(0);
    expect(press('Enter')).toBe(false);
    expect(press('ArrowDown')).toBe(false);
    expect(focused()).toBe('single');
  });
});
