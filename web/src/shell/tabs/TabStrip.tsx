import { useCallback } from 'react';
import { Dropdown, Tabs, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { closeLeft, closeOthers, closeRight, closeTab, refreshTab, tabActions, tabUrl, type TabState } from './tab-rules.ts';
import { useTabState, useTabStore } from './tab-store.ts';

type Rule = (state: TabState, key: string) => TabState;
const RULES: Record<string, Rule> = { refresh: refreshTab, close: closeTab, closeOthers, closeLeft, closeRight };

function actionItems(state: TabState, key: string): MenuProps['items'] {
  const can = tabActions(state, key);
  return [
    { key: 'refresh', label: '刷新', disabled: !can.refresh },
    { type: 'divider' },
    { key: 'close', label: '关闭', disabled: !can.close },
    { key: 'closeOthers', label: '关闭其他', disabled: !can.closeOthers },
    { key: 'closeLeft', label: '关闭左侧', disabled: !can.closeLeft },
    { key: 'closeRight', label: '关闭右侧', disabled: !can.closeRight },
  ];
}

/** The top tab strip: click to switch, × to close, right-click or ▾ for close others/left/right. */
export function TabStrip() {
  const store = useTabStore();
  const state = useTabState();
  const navigate = useNavigate();

  const run = useCallback(
    (rule: Rule, key: string) => {
      const { prev, next } = store.apply((s) => rule(s, key));
      const active = next.tabs.find((tab) => tab.key === next.activeKey);
      if (next.activeKey !== prev.activeKey && active) navigate(tabUrl(active));
    },
    [store, navigate],
  );

  const items = state.tabs.map((tab) => ({
    key: tab.key,
    closable: tab.closable,
    label: (
      <Dropdown
        trigger={['contextMenu']}
        menu={{
          items: actionItems(state, tab.key),
          onClick: ({ key, domEvent }) => {
            // the menu is a portal inside the tab: its click must not also activate this tab
            domEvent.stopPropagation();
            run(RULES[key], tab.key);
          },
        }}
      >
        <span data-tab-key={tab.key}>{tab.title}</span>
      </Dropdown>
    ),
  }));

  return (
    <div data-testid="tab-strip" className="erp-shell__tabs">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={state.activeKey}
        items={items}
        onTabClick={(key) => {
          // back to the tab's own address, its query (a list's filters, sort and page) included.
          // Every click counts, not only a change of the tab shown: a switch still rendering (a
          // slow page) has moved the address but not the strip yet, and a click on the tab that
          // still looks active must go back to it, not be lost.
          const tab = state.tabs.find((t) => t.key === key);
          const url = tab ? tabUrl(tab) : key;
          if (url !== `${window.location.pathname}${window.location.search}`) navigate(url);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') run(closeTab, key);
        }}
        tabBarExtraContent={{
          right: (
            <Dropdown
              menu={{
                items: actionItems(state, state.activeKey),
                onClick: ({ key }) => run(RULES[key], state.activeKey),
              }}
            >
              <button type="button" className="erp-shell__tabs-more" aria-label="标签操作">
                <DownOutlined />
              </button>
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
