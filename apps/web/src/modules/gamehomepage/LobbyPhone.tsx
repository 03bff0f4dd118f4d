/**
 * A lobby as the app shows it, phone-sized (360 × 640): each category's heading and a grid of
 * game cards (icon, name in the console's language, the ticker's start, the pay limit).
 */
import { Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LobbyTile, LobbyView } from '@console/schemas';
import { formatMoney } from '../../lib/format';
import { L } from './common';

const COLOURS = ['#d4380d', '#d46b08', '#389e0d', '#08979c', '#1d39c4', '#531dab', '#c41d7f', '#7c8b00'];
const colourOf = (tag: string) => COLOURS[[...tag].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % COLOURS.length];
const isUrl = (icon: string) => /^https?:\/\//.test(icon);

function GameCard({ game, zh }: { game: LobbyTile; zh: boolean }) {
  const { t } = useTranslation();
  const name = zh ? game.name.zh : game.name.en;
  return (
    <div data-testid={`tile-${game.tag}`} title={game.tag} style={{ width: 100, textAlign: 'center' }}>
      <div
        style={{
          width: 100,
          height: 100,
          borderRadius: 14,
          background: isUrl(game.icon) ? '#fff' : colourOf(game.tag),
          color: '#fff',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontWeight: 700,
          fontSize: 26,
          position: 'relative',
          overflow: 'hidden',
        }}
      >
        {isUrl(game.icon) ? <img src={game.icon} alt={name} style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : name.slice(0, 2).toUpperCase()}
        {game.initValue > 0 && (
          <div style={{ position: 'absolute', bottom: 0, left: 0, right: 0, background: 'rgba(0,0,0,.55)', fontSize: 11, fontWeight: 600, padding: '2px 0' }}>
            ₱{formatMoney(game.initValue)}
          </div>
        )}
      </div>
      <Typography.Text style={{ fontSize: 12, display: 'block', color: '#eee' }} ellipsis>
        {name}
      </Typography.Text>
      {game.payLimit > 0 && (
        <Tag color="gold" style={{ fontSize: 10, marginInlineEnd: 0 }}>
          {t(`${L}packagename.payLimitTag`, { amount: formatMoney(game.payLimit) })}
        </Tag>
      )}
    </div>
  );
}

export function LobbyPhone({ lobby }: { lobby: Pick<LobbyView, 'categories'> }) {
  const { t, i18n } = useTranslation();
  const zh = i18n.language.startsWith('zh');
  return (
    <div
      data-testid="lobby-phone"
      style={{
        width: 360,
        height: 640,
        border: '10px solid #1f1f1f',
        borderRadius: 32,
        overflowY: 'auto',
        background: '#141414',
        padding: '16px 10px',
        boxSizing: 'content-box',
        flex: 'none',
      }}
    >
      {lobby.categories.length === 0 && <Empty description={<span style={{ color: '#bbb' }}>{t(`${L}packagename.empty`)}</span>} />}
      {lobby.categories.map((c) => (
        <section key={c.code} style={{ marginBottom: 16 }}>
          <Typography.Title level={5} style={{ color: '#fadb14', margin: '0 0 8px 4px' }}>
            {zh ? c.name.zh : c.name.en}
          </Typography.Title>
          <Flex wrap gap={14} style={{ paddingLeft: 4 }}>
            {c.games.map((g) => (
              <GameCard key={g.tag} game={g} zh={zh} />
            ))}
          </Flex>
        </section>
      ))}
    </div>
  );
}
