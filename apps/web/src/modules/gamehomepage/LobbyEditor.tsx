/**
 * A package's lobby editor (packagename, a workflow): own order or not, which categories and
 * games it shows and in what order, beside the phone preview of the unsaved lobby. Saving asks
 * first (it overwrites the package's lobby). Accounts without /gamehomepage/packageedit's roles
 * see it read-only.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Divider, Drawer, Flex, Result, Spin, Switch, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LobbyCategory, LobbyGame, LobbyLayoutBody, PageOf } from '@console/schemas';
import { request } from '../../shell/request';
import { usePermission } from '../../shell/Permission';
import { confirmAsync, useFeedback } from '../../kit/feedback';
import { useKitMutation } from '../../kit/mutation';
import { API, L, PACKAGE_EDIT_ROLES } from './common';
import { draftBody, draftLobby, move, startDraft, toggle, type Draft } from './draft';
import { LobbyPhone } from './LobbyPhone';

const P = `${L}packagename.`;

interface Sources {
  layout: LobbyLayoutBody;
  categories: LobbyCategory[];
  games: LobbyGame[];
}

async function loadSources(pkg: string): Promise<Sources> {
  const [layout, categories, games] = await Promise.all([
    request<LobbyLayoutBody>('GET', `${API}/packagename/layout`, { params: { package: pkg } }),
    request<PageOf<LobbyCategory>>('GET', `${API}/category/categories`, { params: { pageSize: 500 } }),
    request<PageOf<LobbyGame>>('GET', `${API}/configs/games`, { params: { pageSize: 500 } }),
  ]);
  return { layout: layout.data!, categories: categories.data!.items, games: games.data!.items };
}

function Mover({ onUp, onDown, disabled }: { onUp: () => void; onDown: () => void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={t(`${P}up`)} title={t(`${P}up`)} disabled={disabled} onClick={onUp} />
      <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={t(`${P}down`)} title={t(`${P}down`)} disabled={disabled} onClick={onDown} />
    </>
  );
}

export function LobbyEditor({ pkg, onClose }: { pkg: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { modal } = useFeedback();
  const mayEdit = usePermission(PACKAGE_EDIT_ROLES);
  const zh = i18n.language.startsWith('zh');
  const sources = useQuery({ queryKey: ['gamehomepage-editor', pkg], queryFn: () => loadSources(pkg!), enabled: pkg !== null, gcTime: 0 });
  const [draft, setDraft] = useState<Draft | null>(null);
  const saving = useKitMutation({
    call: (d: Draft) => request('POST', `${API}/packagename/layout/update`, { data: draftBody(d) }),
    invalidates: [[]],
    onSuccess: onClose,
  });
  useEffect(() => {
    setDraft(sources.data ? startDraft(sources.data.layout, sources.data.categories, sources.data.games) : null);
  }, [sources.data]);

  const data = sources.data;
  const readOnly = !mayEdit;
  const catName = (c: LobbyCategory) => (zh ? c.nameZh : c.nameEn);
  const save = async () => {
    if (!draft) return;
    const ok = await confirmAsync(modal, t(`${P}save`), t(`${P}confirmSave`, { package: draft.package }), { ok: t('kit.ok'), cancel: t('kit.cancel') });
    if (!ok) return;
    await saving.run(draft);
  };

  let body;
  if (sources.isError)
    body = <Result status="error" title={t('kit.loadFailed')} extra={<Button onClick={() => void sources.refetch()}>{t('kit.retry')}</Button>} />;
  else if (!data || !draft) body = <Spin />;
  else {
    const byCode = new Map(data.categories.map((c) => [c.code, c]));
    const game = new Map(data.games.map((g) => [g.tag, g]));
    const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
    body = (
      <Flex gap={24} align="flex-start" wrap>
        <div style={{ flex: '1 1 420px', minWidth: 360 }}>
          {readOnly && <Alert type="info" showIcon title={t(`${P}readOnly`)} style={{ marginBottom: 12 }} />}
          <Flex align="center" gap={8}>
            <Switch checked={draft.custom} disabled={readOnly} onChange={(custom) => set({ custom })} aria-label={t(`${P}customSwitch`)} />
            <Typography.Text strong>{t(`${P}customSwitch`)}</Typography.Text>
          </Flex>
          <Typography.Text type="secondary">{t(`${P}customHelp`)}</Typography.Text>
          <Divider titlePlacement="start">{t(`${P}categoriesHeading`)}</Divider>
          {draft.categoryOrder.map((code) => {
            const c = byCode.get(code);
            if (!c) return null;
            return (
              <Flex key={code} align="center" gap={6} data-testid={`category-${code}`}>
                <Checkbox
                  checked={draft.custom ? draft.shownCategories.includes(code) : c.visible}
                  disabled={readOnly || !draft.custom}
                  onChange={(e) => set({ shownCategories: toggle(draft.shownCategories, code, e.target.checked) })}
                >
                  {catName(c)}
                </Checkbox>
                <Typography.Text type="secondary">{code}</Typography.Text>
                {!c.visible && <Tag color="red">{t(`${P}hiddenEverywhere`)}</Tag>}
                <span style={{ flex: 1 }} />
                <Mover
                  disabled={readOnly || !draft.custom}
                  onUp={() => set({ categoryOrder: move(draft.categoryOrder, code, -1) })}
                  onDown={() => set({ categoryOrder: move(draft.categoryOrder, code, 1) })}
                />
              </Flex>
            );
          })}
          <Divider titlePlacement="start">{t(`${P}gamesHeading`)}</Divider>
          {draft.categoryOrder.map((code) => {
            const c = byCode.get(code);
            const inside = draft.gameOrder.filter((tag) => game.get(tag)?.category === code);
            if (!c || inside.length === 0) return null;
            const off = !c.visible || (draft.custom && !draft.shownCategories.includes(code));
            return (
              <div key={code} style={{ marginBottom: 8 }}>
                <Typography.Text strong>{catName(c)}</Typography.Text>
                {off && <Tag style={{ marginLeft: 8 }}>{t(`${P}notInLobby`)}</Tag>}
                {inside.map((tag) => {
                  const g = game.get(tag)!;
                  return (
                    <Flex key={tag} align="center" gap={6} style={{ paddingLeft: 12 }} data-testid={`game-${tag}`}>
                      <Checkbox
                        checked={draft.shownGames.includes(tag)}
                        disabled={readOnly}
                        aria-label={`${t(`${P}shownHere`)} ${tag}`}
                        onChange={(e) => set({ shownGames: toggle(draft.shownGames, tag, e.target.checked) })}
                      >
                        {zh ? g.nameZh : g.nameEn}
                      </Checkbox>
                      <Typography.Text type="secondary">{tag}</Typography.Text>
                      {!g.visible && <Tag color="red">{t(`${P}hiddenEverywhere`)}</Tag>}
                      <span style={{ flex: 1 }} />
                      <Mover
                        disabled={readOnly || !draft.custom}
                        onUp={() => set({ gameOrder: move(draft.gameOrder, tag, -1, (o) => game.get(o)?.category === code) })}
                        onDown={() => set({ gameOrder: move(draft.gameOrder, tag, 1, (o) => game.get(o)?.category === code) })}
                      />
                    </Flex>
                  );
                })}
              </div>
            );
          })}
        </div>
        <Flex vertical gap={8} align="center">
          <Typography.Text type="secondary">{t(`${P}draft`)}</Typography.Text>
          <LobbyPhone lobby={draftLobby(draft, data.categories, data.games)} />
        </Flex>
      </Flex>
    );
  }
  return (
    <Drawer
      open={pkg !== null}
      onClose={onClose}
      size={1000}
      destroyOnHidden
      title={pkg ? t(`${P}editorTitle`, { package: pkg }) : ''}
      extra={
        mayEdit ? (
          <Button type="primary" loading={saving.busy} disabled={!draft} onClick={() => void save()}>
            {t(`${P}save`)}
          </Button>
        ) : null
      }
    >
      {body}
    </Drawer>
  );
}
