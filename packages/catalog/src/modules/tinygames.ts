import { defineModule, group, roles, screen, type RouteSpec } from '../define';

/** §2: "many configs admin only": every configuration screen of /tinygames is admin only (README). */
const adminOnly = roles('admin');
/** ban_partner sits on the third-party game reports only, not on the whole module (README). */
const thirdParty = roles('admin', 'business', 'partner', 'secadmin', 'ban_partner');

function thirdPartyGames(path: string, en: string, zh: string): RouteSpec {
  return group(
    path,
    en,
    zh,
    [
      screen('datareport', 'Data report', '数据报表', 'report'),
      screen('dashboard', 'Dashboard', '数据看板', 'dashboard'),
      screen('userreport', 'Player report', '玩家报表', 'report'),
      screen('logs', 'Game log', '游戏记录', 'list'),
    ],
    thirdParty,
  );
}

/** A house mini-game: dashboard, players, ranking, bets, settings and rounds. */
function miniGame(path: string, en: string, zh: string): RouteSpec {
  return group(path, en, zh, [
    screen('dashboard', 'Dashboard', '数据看板', 'dashboard'),
    screen('players', 'Players', '玩家数据', 'list'),
    screen('ranking', 'Ranking', '排行榜', 'list'),
    screen('betlogs', 'Bet log', '下注记录', 'list'),
    screen('configs', 'Game settings', '游戏配置', 'config', adminOnly),
    screen('gamerounds', 'Game rounds', '游戏局记录', 'list'),
  ]);
}

const dashboardOnly = (path: string, en: string, zh: string) => group(path, en, zh, [screen('dashboard', 'Dashboard', '数据看板', 'dashboard')]);

export const tinygamesModule = defineModule(
  group(
    '/tinygames',
    'Mini-games',
    '小游戏',
    [
      thirdPartyGames('jiligames', 'JILI games', 'JILI游戏'),
      thirdPartyGames('thirdgames', 'Third-party games', '第三方游戏'),
      miniGame('luckyjoker', 'Lucky Joker', '幸运小丑'),
      miniGame('tasty', 'Tasty', '美味餐厅'),
      miniGame('colorgame', 'Color Game', '颜色游戏'),
      miniGame('rocket', 'Rocket', '火箭'),
      miniGame('fruitfever', 'Fruit Fever', '水果狂热'),
      miniGame('bingo', 'Bingo', '宾果'),
      miniGame('scratch', 'Scratch card', '刮刮乐'),
      miniGame('horse', 'Horse racing', '赛马'),
      miniGame('mines', 'Mines', '扫雷'),
      miniGame('mines1v1', 'Mines 1v1', '扫雷对战'),
      miniGame('lucky9', 'Lucky 9', '幸运9'),
      miniGame('hilo', 'Hi-Lo', '猜大小'),
      group('tongits', 'Tongits', 'Tongits纸牌', [
        screen('dashboard', 'Dashboard', '数据看板', 'dashboard'),
        screen('dashboard1v1', '1v1 dashboard', '1v1数据看板', 'dashboard'),
        screen('tongitsconfig', 'Tongits settings', 'Tongits配置', 'config', adminOnly),
        screen('aiconfig', 'AI settings', 'AI配置', 'config', adminOnly),
        screen('aidashboard', 'AI dashboard', 'AI数据看板', 'dashboard'),
      ]),
      group('tongitscheat', 'Tongits anti-cheat', 'Tongits防作弊', [
        screen('cheatconfig', 'Anti-cheat settings', '防作弊配置', 'config', adminOnly),
        screen('permanentcheat', 'Permanent cheat flags', '永久作弊标记', 'list'),
        screen('reportedlogs', 'Reported players', '被举报记录', 'list'),
      ]),
      group('pusoy', 'Pusoy', 'Pusoy十三张', [
        screen('dashboard', 'Dashboard', '数据看板', 'dashboard'),
        screen('pusoyconfig', 'Pusoy settings', 'Pusoy配置', 'config', adminOnly),
      ]),
      dashboardOnly('luckytree', 'Lucky Tree', '幸运树'),
      dashboardOnly('hightexas', "High-stakes Texas Hold'em", '高额德州扑克'),
    ],
    { icon: 'RocketOutlined', ...roles('admin', 'business', 'partner', 'secadmin') },
  ),
);
