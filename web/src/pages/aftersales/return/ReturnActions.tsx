import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Permissions, RETURN_REASON_MAX, returnActionLabel, type PermissionCode, type ReturnAction, type ReturnDetail, type ReturnKind, type ReturnRecord } from '@erp/shared';
import { INLINE_ERROR } from '../../../api/request.ts';
import { usePermission } from '../../../access/route-meta.ts';
import { DocumentActionBar } from '../../../ui/document/DocumentActionBar.tsx';
import { toast } from '../../../api/feedback.ts';
import { returnKeys, returnPath, returnsApi } from '../returns-api.ts';
import {
  AuditFields,
  auditInitial,
  auditInput,
  auditProblem,
  ReceiveFields,
  receiveInitial,
  receiveInput,
  receiveProblem,
  type AuditState,
  type ReceiveState,
} from './ReturnDialogs.tsx';

const ORDER: ReturnAction[] = ['edit', 'submit', 'withdraw', 'audit', 'reject', 'ship', 'receive', 'ship_out', 'receive_out', 'void', 'delete'];

const CODES: Record<ReturnKind, { edit: PermissionCode; audit: PermissionCode; receive: PermissionCode }> = {
  return: { edit: Permissions.aftersalesReturnEdit, audit: Permissions.aftersalesReturnAudit, receive: Permissions.aftersalesReturnReceive },
  swap: { edit: Permissions.aftersalesSwapEdit, audit: Permissions.aftersalesSwapAudit, receive: Permissions.aftersalesSwapReceive },
};
// HQ audits and moves HQ's goods (receives what comes back, ships a swap's new pieces); the shop side the rest
const codeOf = (kind: ReturnKind, action: ReturnAction) =>
  action === 'audit' || action === 'reject' || action === 'void' ? CODES[kind].audit : action === 'receive' || action === 'ship_out' ? CODES[kind].receive : CODES[kind].edit;

export const actionLabel = returnActionLabel;

function confirmOf(kind: ReturnKind, action: ReturnAction): string {
  switch (action) {
    case 'submit':
      return '提交后由总部审核；提交时按现在的可退数量和额度再校验一次。确定提交？';
    case 'withdraw':
      return '撤回到草稿后可以修改，需要重新提交。确定撤回？';
    case 'audit':
      return kind === 'return'
        ? '审核后生成退货调拨单，门店发货后货品进入在途。'
        : '审核后生成退回和换出两张调拨单：门店发出换回的货、总部收货；总部发出换出的货、门店收货。两边都到货后差额记入账户。';
    case 'reject':
      return '驳回后门店可撤回修改再提交。';
    case 'ship':
      return '发货后货品离开门店仓，进入在途，等待总部收货。确定发货？';
    case 'receive':
      return kind === 'return'
        ? '按实收数量收货：正品入总部仓，次品转次品仓，并按原订货价贷记账户。'
        : '按实收数量收下换回的货：正品入总部仓，次品转次品仓。换出的货也到门店后，差额记入账户。';
    case 'ship_out':
      return '发货后换出的货离开总部仓，进入在途，等待门店收货。确定发货？';
    case 'receive_out':
      return '按发出数量收下换出的货，入门店仓（少到请在调拨单上按实收收货）。换回的货也到总部后，差额记入账户。确定收货？';
    case 'void':
      return '作废后其库存单据一并作废，已记入账户的金额冲销，不能恢复。';
    default:
      return '删除后不能恢复。确定删除这张草稿？';
  }
}

/**
 * The buttons a 退货单/换货单's status opens and the user's codes allow. 审核 and 收货 ask for their
 * figures in the dialog on the detail page (a list row opens the detail for them); every dialog
 * stays open with the server's refusal, so nothing typed is lost.
 */
export function ReturnActions({ kind, doc, compact, onDeleted }: { kind: ReturnKind; doc: ReturnRecord | ReturnDetail; compact?: boolean; onDeleted?: () => void }) {
  const can = usePermission();
  const navigate = useNavigate();
  const client = useQueryClient();
  const api = returnsApi(kind);
  const detail = 'lines' in doc ? doc : null;
  const [audit, setAudit] = useState<AuditState | null>(null);
  const [receive, setReceive] = useState<ReceiveState | null>(null);
  const withFigures = (a: ReturnAction) => a === 'audit' || a === 'receive';

  return (
    <DocumentActionBar<ReturnAction>
      docNo={doc.returnNo}
      open={doc.actions.filter((a) => can(codeOf(kind, a)))}
      order={ORDER}
      label={(a) => actionLabel(kind, a)}
      variant={compact ? 'row' : 'bar'}
      primary={(a) => a === 'audit' || a === 'submit' || a === 'receive' || a === 'receive_out'}
      danger={(a) => a === 'void' || a === 'delete' || a === 'reject'}
      before={(a) => {
        if (a === 'edit') navigate(returnPath(kind, 'add', doc.id));
        else if (withFigures(a) && !detail) navigate(returnPath(kind, 'info', doc.id));
        else return false;
        return true;
      }}
      onStart={(a) => {
        if (a === 'audit' && detail) setAudit(auditInitial(detail));
        if (a === 'receive' && detail) setReceive(receiveInitial(detail));
      }}
      dialog={(action) => ({
        confirm: confirmOf(kind, action),
        reason:
          action === 'reject'
            ? { title: '驳回原因', required: true, max: RETURN_REASON_MAX }
            : action === 'void'
              ? { title: '作废原因', required: false, max: RETURN_REASON_MAX }
              : undefined,
        body:
          action === 'audit' && detail && audit ? (
            <AuditFields doc={detail} state={audit} onChange={setAudit} />
          ) : action === 'receive' && detail && receive ? (
            <ReceiveFields doc={detail} state={receive} onChange={setReceive} />
          ) : undefined,
        validate: () => (action === 'audit' && detail && audit ? auditProblem(detail, audit) : action === 'receive' && detail && receive ? receiveProblem(detail, receive) : null),
      })}
      run={async (action, { reason }) => {
        let next: ReturnDetail | null = null;
        if (action === 'delete') {
          await api.remove(doc.id, INLINE_ERROR);
          client.removeQueries({ queryKey: returnKeys.detail(kind, doc.id) });
        } else if (action === 'audit') next = await api.audit(doc.id, auditInput(detail!, audit!), INLINE_ERROR);
        else if (action === 'receive') next = await api.receive(doc.id, receiveInput(detail!, receive!), INLINE_ERROR);
        else if (action !== 'edit') next = await api.action(doc.id, action, { reason }, INLINE_ERROR);
        if (next) client.setQueryData(returnKeys.detail(kind, doc.id), next);
        void client.invalidateQueries({ queryKey: returnKeys.all(kind) });
        // stock documents, stock and accounts move with a return
        for (const key of ['stock-docs', 'stock', 'finance']) void client.invalidateQueries({ queryKey: [key] });
        toast().success(`${actionLabel(kind, action)}成功`);
        if (action === 'delete') onDeleted?.();
      }}
      testIds={{
        bar: 'return-actions',
        button: (a) => `return-action-${a}${compact ? `-${doc.returnNo}` : ''}`,
        confirm: 'return-action-confirm',
        reason: 'return-action-reason',
        error: 'return-action-error',
      }}
    />
  );
}
