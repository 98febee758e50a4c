import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Mailer } from '../../mail/mailer';

/** What the account services need from the running app. */
export interface AuthDeps {
  db: Database;
  mailer: Mailer;
  /** Key of the verification-code hashes. */
  codePepper: string;
  publicUrl: string;
  log: FastifyBaseLogger;
}
