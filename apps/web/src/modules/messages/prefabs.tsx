/**
 * /messages/prefabs: service-message templates in English and Chinese with {name} {amount}
 * {date}; written in an editor with a live preview (the server's cleaning and filling).
 */
import type { PrefabItem } from '@console/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen, useKitMutation, type ListDeclaration } from '../../kit';
import { request } from '../../shell/request';
import { L } from './common';
import { MessageTexts } from './MessageTexts';

const S = `${L}prefabs.`;

function declaration(edit: (row: PrefabItem) => void): ListDeclaration<PrefabItem> {
  return {
    name: 'messages-prefabs',
    title: `${S}title`,
    api: { url: '/messages/prefabs', mode: 'page', export: true },
    rowKey: 'id',
    filters: [
      { kind: 'text', name: 'name', label: `${S}name` },
      { kind: 'text', name: 'createdBy', label: `${L}createdBy` },
    ],
    columns: [
      { key: 'id', title: 'ID', width: 70 },
      { key: 'name', title: `${S}name`, sortable: true, render: (v, row) => <a onClick={() => edit(row)}>{String(v)}</a>, text: (v) => String(v) },
      { key: 'titleEn', title: `${L}titleEn` },
      { key: 'titleZh', title: `${L}titleZh` },
      { key: 'contentEn', title: `${L}contentEn`, hidden: true },
      { key: 'contentZh', title: `${L}contentZh`, hidden: true },
      { key: 'createdBy', title: `${L}createdBy` },
      { key: 'updatedAt', title: `${L}updatedAt`, format: 'datetime', sortable: true },
    ],
    actions: [
      {
        key: 'remove',
        label: `${S}remove`,
        danger: true,
        confirm: `${S}confirmRemove`,
        call: { method: 'POST', url: '/messages/prefabs/remove', body: (row) => ({ id: row!.id }) },
      },
    ],
    emptyHint: `${S}empty`,
  };
}

export function PrefabEditor({ open, prefab, onClose }: { open: boolean; prefab: PrefabItem | null; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const saving = useKitMutation({
    call: (body: Record<string, unknown>) =>
      request('POST', prefab ? '/messages/prefabs/update' : '/messages/prefabs/create', { data: prefab ? { ...body, id: prefab.id } : body }),
    onSuccess: () => onClose(true),
  });
  const save = async () => {
    const v = await form.validateFields();
    await saving.run({ name: v.name, titleEn: v.titleEn, titleZh: v.titleZh, contentEn: v.contentEn, contentZh: v.contentZh });
  };
  return (
    <Modal
      open={open}
      width={900}
      title={t(prefab ? `${S}edit` : `${S}create`)}
      onCancel={() => onClose(false)}
      onOk={save}
      confirmLoading={saving.busy}
      destroyOnHidden
      okText={t(`${L}save`)}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={prefab ?? {}}>
        <Form.Item name="name" label={t(`${S}name`)} rules={[{ required: true, message: t(`${L}required`) }, { max: 64 }]}>
          <Input />
        </Form.Item>
        <MessageTexts zhRequired sample={{ amount: 10000, currency: 'chip' }} />
      </Form>
    </Modal>
  );
}

export default function PrefabsScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ prefab: PrefabItem | null } | null>(null);
  const decl = useMemo(() => declaration((row) => setEditing({ prefab: row })), []);
  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing({ prefab: null })}>
        {t(`${S}create`)}
      </Button>
      <ListScreen decl={decl} />
      {editing && (
        <PrefabEditor
          open
          prefab={editing.prefab}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void queryClient.invalidateQueries({ queryKey: ['kit-list', decl.name] });
          }}
        />
      )}
    </>
  );
}
