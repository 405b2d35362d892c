#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  InitializeResultSchema,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/** The JSON-RPC error a desktop assistant gets when the hosted server refused or could not be reached. */
const UPSTREAM_FAILED = -32000;

/**
 * `oddspulse-mcp`: the desktop assistant's stdio MCP server, a relay to the hosted one (ODDSPULSE_URL, default
 * http://localhost:3000; the key in ODDSPULSE_API_KEY, sent as the bearer token). Every tool runs on the server, under
 * the key's plan, so this holds no rule of its own and a revoked key stops it at the next request.
 */
export function relay(
  local: Transport,
  upstream: StreamableHTTPClientTransport,
  onError: (error: Error) => void,
): void {
  const initializing = new Set<RequestId>();
  local.onmessage = (message: JSONRPCMessage) => {
    if (isJSONRPCRequest(message) && message.method === 'initialize') initializing.add(message.id);
    upstream.send(message).catch((error: Error) => {
      onError(error);
      if (!isJSONRPCRequest(message)) return;
      void local.send({
        jsonrpc: '2.0',
        id: message.id,
        error: { code: UPSTREAM_FAILED, message: `OddsPulse refused the request: ${error.message}` },
      });
    });
  };
  upstream.onmessage = (message: JSONRPCMessage) => {
    // the HTTP transport names the negotiated revision on every later request (MCP-Protocol-Version)
    if ('id' in message && 'result' in message && initializing.delete(message.id)) {
      const result = InitializeResultSchema.safeParse(message.result);
      if (result.success) upstream.setProtocolVersion(result.data.protocolVersion);
    }
    void local.send(message);
  };
  upstream.onerror = onError;
  local.onerror = onError;
  local.onclose = () => void upstream.close();
}

async function main(): Promise<void> {
  const key = process.env.ODDSPULSE_API_KEY;
  if (!key) {
    process.stderr.write('oddspulse-mcp: set ODDSPULSE_API_KEY to a personal API key (Account → API keys)\n');
    process.exit(2);
  }
  const base = process.env.ODDSPULSE_URL ?? 'http://localhost:3000';
  const upstream = new StreamableHTTPClientTransport(new URL('/mcp', base), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  });
  const local = new StdioServerTransport();
  relay(local, upstream, (error) => process.stderr.write(`oddspulse-mcp: ${error.message}\n`));
  await upstream.start();
  await local.start();
}

if (require.main === module) void main();
