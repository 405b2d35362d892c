import { Controller, Delete, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { HttpException, HttpStatus } from '@nestjs/common';
import type { Request, Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { APP_CONFIG, type AppConfig, McpSessionsRepository, type McpSessionKey, publicOrigin } from '@oddspulse/core';
import { API_KEY_SCOPES } from '@oddspulse/shared';
import type { AuthUser } from '../accounts/auth/auth-user';
import { sha256 } from '../accounts/auth/crypto';
import { RequestAuthenticator } from '../accounts/access/request-authenticator';
import { PreferencesService } from '../accounts/profile/preferences.service';
import { AlertsService } from '../alerts/alerts.service';
import { ApiErrors, errorBody } from '../errors/api-errors';
import { OddsHistoryService } from '../odds/odds-history.service';
import { OddsService } from '../odds/odds.service';
import { PicksService } from '../picks/picks.service';
import { ScannersService } from '../scanners/scanners.service';
import { ScoresService } from '../scores/scores.service';
import { SteamService } from '../steam/steam.service';
import { createMcpServer, missingScope, type McpSession } from './mcp-tools';
import { McpStreamService } from './mcp-stream.service';
import { jsonRpcAnswerSchema } from '../docs/answers';
import { resourceMetadataSchema } from '../docs/app-answers';
import { ApiAnswer } from '../docs/route-doc';

/** The MCP endpoint's path, outside the /api prefix as the protocol's clients expect it. */
export const MCP_PATH = 'mcp';
/** RFC 9728 §3.1: the protected-resource metadata of the resource at /mcp. */
export const MCP_RESOURCE_METADATA_PATH = '.well-known/oauth-protected-resource/mcp';

export const McpMessages = {
  originNotAllowed: 'This origin may not call the MCP server.',
  methodNotAllowed:
    'POST each JSON-RPC message; a stream of notifications and the end of a session need the Mcp-Session-Id that initialize gave.',
  sessionNotFound: 'This MCP session has ended or lapsed: initialize a new one.',
  insufficientScope: (scope: string) =>
    `This API key was made without the ${scope} scope, which this tool needs: make a key with it on the API keys page.`,
};

/**
 * The hosted MCP server (Streamable HTTP, stateless: every POST is answered on its own, by any server process, as REST
 * is). Behind the same JSON parser (body limits), global rate limit and error filter as REST. Authentication: the
 * user's personal API key as a bearer token (DECISIONS 35: bearer tokens stay for the MCP server), through the very
 * check REST's `x-api-key` goes through; 401 carries the protocol's `WWW-Authenticate` challenge naming the
 * protected-resource metadata.
 */
@Controller()
export class McpController {
  private readonly origin: string;

  constructor(
    private readonly authenticator: RequestAuthenticator,
    private readonly odds: OddsService,
    private readonly history: OddsHistoryService,
    private readonly steam: SteamService,
    private readonly picks: PicksService,
    private readonly scanners: ScannersService,
    private readonly scores: ScoresService,
    private readonly preferences: PreferencesService,
    private readonly alerts: AlertsService,
    private readonly sessions: McpSessionsRepository,
    private readonly streams: McpStreamService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.origin = publicOrigin(config);
  }

  @Get(MCP_RESOURCE_METADATA_PATH)
  @ApiAnswer({
    summary: "The protected resource's metadata (RFC 9728), as the MCP asks of an HTTP server",
    answer: resourceMetadataSchema,
  })
  metadata(@Res({ passthrough: true }) res: Response): OAuthProtectedResourceMetadata {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    return {
      resource: `${this.origin}/${MCP_PATH}`,
      // API keys are made on the account's API keys page, not by an authorization server: none is named
      authorization_servers: [],
      bearer_methods_supported: ['header'],
      scopes_supported: [...API_KEY_SCOPES],
      resource_name: 'OddsPulse',
      resource_documentation: `${this.origin}/api/docs`,
    };
  }

  @Post(MCP_PATH)
  @ApiAnswer({
    summary: 'One JSON-RPC message of the Model Context Protocol, answered on its own',
    answer: jsonRpcAnswerSchema,
  })
  async handle(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.assertOrigin(req);
    const user = await this.authenticate(req, res);
    this.assertScope(user, req, res);
    const session = await this.sessionOf(req, res, sessionKey(req, user));
    const server = createMcpServer(user, session, {
      odds: this.odds,
      history: this.history,
      steam: this.steam,
      picks: this.picks,
      scanners: this.scanners,
      scores: this.scores,
      preferences: this.preferences,
      alerts: this.alerts,
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  /**
   * The stream of a session's notifications (the protocol's GET), served by McpStreamService once the key and the
   * session are checked. Without a session there is no stream: 405, as the protocol allows.
   */
  @Get(MCP_PATH)
  @ApiAnswer({ summary: "A session's notifications, as server-sent events", answer: 'none' })
  async stream(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.assertOrigin(req);
    const id = sessionHeader(req);
    if (!id) this.refuse(req, res);
    const user = await this.authenticate(req, res);
    const holder = sessionKey(req, user);
    await this.assertSession(id, holder);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'Mcp-Session-Id': id,
    });
    res.flushHeaders();
    await this.streams.serve(id, bearerToken(req)!, holder, user, {
      write: (chunk) => res.write(chunk),
      end: () => res.end(),
      gone: () => res.destroyed || res.writableEnded,
      onClose: (listener) => res.on('close', listener),
    });
  }

  /** Ends a session (the protocol's DELETE): its subscriptions go, and a later request with its id is told so. */
  @Delete(MCP_PATH)
  @HttpCode(204)
  @ApiAnswer({ summary: 'The session ended', answer: 'none' })
  async endSession(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    this.assertOrigin(req);
    const id = sessionHeader(req);
    if (!id) this.refuse(req, res);
    await this.assertSession(id, sessionKey(req, await this.authenticate(req, res)));
    await this.sessions.end(id);
  }

  /**
   * The session of a POST: a new one for `initialize` (its id in the answer's Mcp-Session-Id header), the one the
   * header names otherwise (404 when it has ended or is another key's), or none for a client that sends no header.
   */
  private async sessionOf(req: Request, res: Response, holder: McpSessionKey): Promise<McpSession | null> {
    const initialize = (req.body as { method?: unknown } | undefined)?.method === 'initialize';
    const id = initialize ? await this.sessions.open(holder) : sessionHeader(req);
    if (!id) return null;
    if (initialize) res.setHeader('Mcp-Session-Id', id);
    else await this.assertSession(id, holder);
    return {
      subscribe: (uri) => this.sessions.subscribe(id, uri),
      unsubscribe: (uri) => this.sessions.unsubscribe(id, uri),
    };
  }

  private async assertSession(id: string, holder: McpSessionKey): Promise<void> {
    if (!(await this.sessions.heldBy(id, holder)))
      throw ApiErrors.notFound(McpMessages.sessionNotFound, 'MCP_SESSION_NOT_FOUND');
  }

  private refuse(req: Request, res: Response): never {
    this.assertOrigin(req);
    res.setHeader('Allow', 'POST');
    throw new HttpException(
      errorBody(405, 'METHOD_NOT_ALLOWED', McpMessages.methodNotAllowed),
      HttpStatus.METHOD_NOT_ALLOWED,
    );
  }

  /**
   * The protocol asks an HTTP server to check Origin (DNS rebinding): a browser page of another site may not drive
   * it. Assistants calling from servers or desktops send none.
   */
  private assertOrigin(req: Request): void {
    const origin = req.headers.origin;
    if (origin === undefined || origin === this.origin) return;
    throw ApiErrors.forbidden(McpMessages.originNotAllowed, 'ORIGIN_NOT_ALLOWED');
  }

  /**
   * A write tool called with a key made without its scope: 403 with the challenge the protocol specifies for it
   * (`error="insufficient_scope"` and the scope needed), so a client can tell its user which key to make.
   */
  private assertScope(user: AuthUser, req: Request, res: Response): void {
    const scope = missingScope(user, req.body);
    if (!scope) return;
    res.setHeader(
      'WWW-Authenticate',
      `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${this.metadataUrl()}"`,
    );
    throw ApiErrors.forbidden(McpMessages.insufficientScope(scope), 'INSUFFICIENT_SCOPE');
  }

  private metadataUrl(): string {
    return `${this.origin}/${MCP_RESOURCE_METADATA_PATH}`;
  }

  private async authenticate(req: Request, res: Response): Promise<AuthUser> {
    const key = bearerToken(req);
    const presented = key !== null;
    const user = key ? await this.authenticator.authenticateApiKey(key, res) : null;
    if (user) return user;
    const metadata = this.metadataUrl();
    res.setHeader(
      'WWW-Authenticate',
      presented
        ? `Bearer error="invalid_token", resource_metadata="${metadata}"`
        : `Bearer resource_metadata="${metadata}"`,
    );
    throw ApiErrors.authenticationRequired();
  }
}

function sessionHeader(req: Request): string | null {
  const id = req.headers['mcp-session-id'];
  return typeof id === 'string' && id ? id : null;
}

/**
 * The key a request holds a session by (docs/mcp.md: a session is its key's alone): the authenticated key's id and the
 * hash of the secret presented, which a rotation changes.
 */
function sessionKey(req: Request, user: AuthUser): McpSessionKey {
  return { keyId: user.apiKeyId!, secretHash: sha256(bearerToken(req)!) };
}

function bearerToken(req: Request): string | null {
  const [scheme, key] = (req.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && key ? key : null;
}
