import { Alert, Button, Popconfirm, Space } from 'antd';
import { thumbnailUrl, type CartStyle } from '@erp/shared';
import type { RunValues } from '../../../ui/document/size-run-rules.ts';
import { OrderStyleEntry } from '../order/OrderStyleEntry.tsx';
import { colourTotals } from './cart-rules.ts';
import { MoneyText } from '../../../ui/money/index.ts';

export interface CartStyleBlockProps {
  style: CartStyle;
  /** what the grid shows: the cart's quantities, or the edits not saved yet */
  values: RunValues;
  editing: boolean;
  busy: boolean;
  onChange: (next: Record<number, number | null | undefined>) => void;
  onSave: () => void;
  onUndo: () => void;
  onRemoveStyle: () => void;
  onRemoveColour: (colourId: number) => void;
}

/**
 * One style of a cart order on the order's own grid (OrderStyleEntry): the price the server gave,
 * cells edited in place and saved with 保存修改, per colour its amount and 移除, the style's 移除
 * behind a confirmation, and the server's reason when a colour cannot be ordered today.
 */
export function CartStyleBlock({ style, values, editing, busy, onChange, onSave, onUndo, onRemoveStyle, onRemoveColour }: CartStyleBlockProps) {
  const colourName = (colourId: number) => style.skus.find((k) => k.colourId === colourId)?.colourName ?? '';
  const problems = style.groups.filter((g) => g.problem).map((g) => g.problem!);
  const runs = style.groups.filter((g) => g.sizeRunName && g.runCount).map((g) => `${g.colourName} ${g.sizeRunName} × ${g.runCount}手`);
  return (
    <div className="cart-style" data-testid={`cart-style-${style.styleNo}`}>
      <OrderStyleEntry
        style={style}
        values={values}
        onChange={onChange}
        onRemove={onRemoveStyle}
        removeConfirm={`从购物车移除 ${style.styleNo} 的全部颜色？`}
        leading={
          style.mainImage ? (
            <img className="cart-style__thumb" src={thumbnailUrl(style.mainImage)} alt={style.styleNo} />
          ) : (
            <span className="cart-style__thumb cart-style__thumb--empty" role="img" aria-label={`${style.styleNo} 暂无图片`} />
          )
        }
        extraActions={
          editing ? (
            <Space size={4}>
              <Button size="small" type="primary" loading={busy} onClick={onSave} data-testid={`cart-save-style-${style.styleNo}`}>
                保存修改
              </Button>
              <Button size="small" disabled={busy} onClick={onUndo} data-testid={`cart-undo-style-${style.styleNo}`}>
                撤销
              </Button>
            </Space>
          ) : null
        }
        rowExtra={{
          title: '金额',
          render: (colourKey) => {
            const colourId = Number(colourKey);
            const { amountFen } = colourTotals(style, colourId, values);
            return (
              <Space size={4} className="cart-style__row-extra">
                <MoneyText fen={amountFen} data-testid={`cart-colour-amount-${style.styleNo}-${colourId}`} />
                <Popconfirm
                  title={`从购物车移除 ${style.styleNo} ${colourName(colourId)}？`}
                  okText="移除"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onRemoveColour(colourId)}
                >
                  <Button type="link" size="small" danger disabled={busy} data-testid={`cart-remove-colour-${style.styleNo}-${colourId}`}>
                    移除
                  </Button>
                </Popconfirm>
              </Space>
            );
          },
        }}
      />
      {runs.length > 0 ? <div className="cart-style__runs">按配码：{runs.join('；')}</div> : null}
      {problems.map((p) => (
        <Alert key={p} type="warning" showIcon title={p} className="cart-style__problem" data-testid={`cart-style-problem-${style.styleNo}`} />
      ))}
    </div>
  );
}
