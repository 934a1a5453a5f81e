import { Button, Checkbox, Popover, Tooltip } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { ColumnMeta } from './column-settings.ts';
import type { useColumnSettings } from './use-column-settings.ts';

interface ColumnSettingsProps {
  columns: readonly ColumnMeta[];
  settings: ReturnType<typeof useColumnSettings>;
}

/** 列设置: a checkbox per hideable column and 重置, in a popover. */
export function ColumnSettings({ columns, settings }: ColumnSettingsProps) {
  const hideable = columns.filter((column) => column.hideable !== false);
  const content = (
    <div className="erp-list__columns" data-testid="list-columns-panel">
      <div className="erp-list__columns-head">
        <span>显示的列</span>
        <Button type="link" size="small" disabled={!settings.changed} onClick={settings.reset} data-testid="list-columns-reset">
          重置
        </Button>
      </div>
      {hideable.map((column) => {
        const checked = settings.shown.has(column.key);
        const locked = checked && !settings.canHide(column.key);
        return (
          <Tooltip key={column.key} title={locked ? '至少保留一列' : undefined} placement="left">
            <Checkbox
              className="erp-list__columns-item"
              checked={checked}
              disabled={locked}
              onChange={(event) => settings.setShown(column.key, event.target.checked)}
              data-testid={`list-column-${column.key}`}
            >
              {column.title}
            </Checkbox>
          </Tooltip>
        );
      })}
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content} arrow={false}>
      <Button icon={<SettingOutlined />} data-testid="list-columns">
        列设置
      </Button>
    </Popover>
  );
}
