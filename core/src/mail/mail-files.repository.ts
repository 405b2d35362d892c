import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';

export interface MailFile {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
}

/** Only the developer who runs the product may read local mail: reset links in it are credentials (DECISIONS 33). */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/** The folder local mail is written to. */
export const mailFolder = (config: Pick<AppConfig, 'DATA_DIR'>) => join(config.DATA_DIR, 'mail');

/**
 * Local mail as files (DESIGN "email" in local development): one RFC 5322 `.eml` per message under DATA_DIR/mail,
 * named so that a listing sorts oldest first. Any mail program opens them.
 */
@Injectable()
export class MailFilesRepository {
  readonly folder: string;
  // Builds the message exactly as SMTP would carry it, without sending it anywhere.
  private readonly composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.folder = mailFolder(config);
  }

  /** Writes the message; answers the file's path. */
  async write(mail: MailFile): Promise<string> {
    const { message } = await this.composer.sendMail(mail);
    await mkdir(this.folder, { recursive: true, mode: FOLDER_MODE });
    // mkdir's mode is masked by the umask and does not apply to a folder that already exists.
    await chmod(this.folder, FOLDER_MODE);
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const path = join(this.folder, name);
    // wx: a new file, never another's; the mode is set as it is created, so it is never readable by others.
    await writeFile(path, message, { mode: FILE_MODE, flag: 'wx' });
    return path;
  }
}
