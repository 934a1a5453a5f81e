import { useMemo, useState } from 'react';
import { Button, Empty, Input, Popover, Tooltip } from 'antd';
import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { MENU_ICON_NAMES, MenuIcon } from '../../../ui/menu-icons.tsx';

interface IconPickerProps {
  value?: string;
  onChange?: (value: string) => void;
}

/** The icon of a menu entry: a searchable grid of the icons the shell can draw (menu-icons.tsx). */
export function IconPicker({ value = '', onChange }: IconPickerProps) {
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const shown = useMemo(() => {
    const needle = keyword.trim().toLowerCase();
    return needle ? MENU_ICON_NAMES.filter((name) => name.toLowerCase().includes(needle)) : MENU_ICON_NAMES;
  }, [keyword]);

  const pick = (name: string) => {
    onChange?.(name);
    setOpen(false);
  };

  const panel = (
    <div className="menu-icon-picker" data-testid="menu-icon-picker">
      <Input
        allowClear
        autoFocus
        size="small"
        prefix={<SearchOutlined />}
        placeholder="搜索图标（英文名）"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        data-testid="menu-icon-search"
      />
      {shown.length ? (
        <div className="menu-icon-picker__grid">
          {shown.map((name) => (
            <Tooltip key={name} title={name} mouseEnterDelay={0.4}>
              <button
                type="button"
                className={`menu-icon-picker__cell${name === value ? ' menu-icon-picker__cell--active' : ''}`}
                onClick={() => pick(name)}
                aria-label={name}
                data-testid={`menu-icon-${name}`}
              >
                <MenuIcon name={name} />
              </button>
            </Tooltip>
          ))}
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有匹配的图标" />
      )}
    </div>
  );

  return (
    <Popover content={panel} trigger="click" open={open} onOpenChange={setOpen} placement="bottomLeft" arrow={false}>
      <div className="menu-icon-field" data-testid="menu-icon-field">
        <Button block className="menu-icon-field__button">
          {value ? (
            <span className="menu-icon-field__value">
              <MenuIcon name={value} />
              <span>{value}</span>
            </span>
          ) : (
            <span className="menu-icon-field__placeholder">点击选择图标</span>
          )}
        </Button>
        {value ? (
          <CloseCircleFilled
            className="menu-icon-field__clear"
            aria-label="清除图标"
            onClick={(event) => {
              event.stopPropagation();
              onChange?.('');
            }}
          />
        ) : null}
      </div>
    </Popover>
  );
}
