/** The two kinds of batch send (docs/api/issuing.md): their API paths and how their amounts read. */
import { formatInt, formatMoney } from '../../../lib/format';

export interface SendKind {
  currency: 'chip' | 'withdrawable';
  /** The send screen's calls: validate, create, progress, allowance. */
  sendApi: string;
  /** The log screen's calls: the batches and their lines. */
  logsApi: string;
  /** The log screen's route. */
  logsRoute: string;
  /** Amounts as shown (§9): chips as integers, cash (centavos) as pesos with 2 decimals. */
  amount: (value: unknown) => string;
  help: string;
}

export const CHIPS: SendKind = {
  currency: 'chip',
  sendApi: '/usermanager/batchsendgold/sendgold',
  logsApi: '/usermanager/batchsendgold/sendlogs',
  logsRoute: '/usermanager/batchsendgold/sendlogs',
  amount: formatInt,
  help: 'usermanager.issuing.linesHelpChip',
};

export const CASH: SendKind = {
  currency: 'withdrawable',
  sendApi: '/usermanager/batchsendcash/sendcash',
  logsApi: '/usermanager/batchsendcash/sendcashlogs',
  logsRoute: '/usermanager/batchsendcash/sendcashlogs',
  amount: formatMoney,
  help: 'usermanager.issuing.linesHelpCash',
};

export const L = 'usermanager.issuing.';
export const B = 'usermanager.batches.';
