import { useId, useState, type ReactNode } from 'react';
import { Form, Modal, type FormProps } from 'antd';
import { ApiError, INLINE_ERROR, type CallOptions } from '../../api/request.ts';
import { toast } from '../../api/feedback.ts';
import { fieldOfServerMessage } from './server-field-error.ts';

const LABEL_COL = { flex: '84px' };
const WRAPPER_COL = { flex: 'auto' };

export interface FormModalProps<V extends object, R> {
  open: boolean;
  title: ReactNode;
  width: number;
  /** the dialog's data-testid */
  testId: string;
  /** the Form's name: the prefix of its field ids */
  formName: string;
  /** read when the dialog opens; null leaves the open dialog empty (nothing to edit yet) */
  initialValues: V | null;
  /** horizontal (default): labels in an 84px column */
  layout?: 'horizontal' | 'vertical';
  wrapperCol?: FormProps['wrapperCol'];
  /**
   * the save call once the rules pass; a rejection keeps the dialog open with the input. Pass
   * `options` (INLINE_ERROR) to the request: the dialog then shows the failure once, under its field
   * (errorFields) or as a toast.
   */
  onSubmit: (values: V, options: CallOptions) => Promise<R>;
  /** the toast after a save (or made from the save's answer) */
  savedMessage: string | ((result: R) => string);
  onSaved: (result: R) => void;
  onClose: () => void;
  /** field → message prefix: a server message starting with it is shown under that field too */
  errorFields?: Readonly<Partial<Record<keyof V & string, string>>>;
  /** the Form.Items */
  children: ReactNode;
}

/**
 * The add/edit dialog shell: 保存 submits the form (rules first), then the save call with the
 * button loading; success toasts and hands over to onSaved, failure keeps the dialog and the input
 * and shows the server's message once: under its field, or as a toast.
 */
export function FormModal<V extends object, R = void>({ open, title, width, testId, onClose, ...body }: FormModalProps<V, R>) {
  const [saving, setSaving] = useState(false);
  const formId = useId();

  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      okText="保存"
      okButtonProps={{ htmlType: 'submit', form: formId }}
      confirmLoading={saving}
      destroyOnHidden
      width={width}
      data-testid={testId}
    >
      {open && body.initialValues ? <FormModalBody {...body} initialValues={body.initialValues} formId={formId} onSaving={setSaving} /> : null}
    </Modal>
  );
}

type BodyProps<V extends object, R> = Omit<FormModalProps<V, R>, 'open' | 'title' | 'width' | 'testId' | 'onClose'> & {
  initialValues: V;
  formId: string;
  onSaving: (saving: boolean) => void;
};

/** Mounted per opening: its own form instance, so no opening carries the last one's values. */
function FormModalBody<V extends object, R>(props: BodyProps<V, R>) {
  const { formId, formName, initialValues, layout = 'horizontal', wrapperCol, onSubmit, savedMessage, onSaved, errorFields, onSaving, children } = props;
  // untyped: it only places server messages, by the names errorFields gives
  const [form] = Form.useForm();

  const submit = async (values: V) => {
    onSaving(true);
    try {
      const result = await onSubmit(values, INLINE_ERROR);
      toast().success(typeof savedMessage === 'function' ? savedMessage(result) : savedMessage);
      onSaved(result);
    } catch (error) {
      // the input stays; the message shows once: a field's own under it, any other as a toast
      // (unless the request layer toasted it already: a save that did not pass the options on)
      if (!(error instanceof ApiError)) return void toast().error(error instanceof Error ? error.message : String(error));
      const field = errorFields ? fieldOfServerMessage(error.msg, errorFields) : null;
      if (field && !error.toasted) form.setFields([{ name: field, errors: [error.msg] }]);
      else if (!error.toasted) toast().error(error.msg);
    } finally {
      onSaving(false);
    }
  };

  const columns = layout === 'horizontal' ? { labelCol: LABEL_COL, wrapperCol: wrapperCol ?? WRAPPER_COL } : {};
  return (
    <Form<V>
      form={form}
      id={formId}
      name={formName}
      layout={layout}
      {...columns}
      initialValues={initialValues}
      onFinish={submit}
      preserve={false}
      autoComplete="off"
      style={{ marginTop: 16 }}
    >
      {children}
    </Form>
  );
}
