import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicKey, verify } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeWav, sandboxWebhookPublicKey, startSandbox, type Sandbox } from '../src/index.js';
import { findScript } from '../src/call-scripts.js';
import { api, installLocation, type Tokens } from './helpers.js';

let sb: Sandbox;
let t: Tokens;
let locationId: string;
let cacheDir: string;

beforeAll(async () => {
  // A private cache dir so this run really synthesizes instead of reusing an earlier file.
  cacheDir = await mkdtemp(join(tmpdir(), 'hl-sandbox-audio-test-'));
  sb = await startSandbox({ seed: 21, callsPerLocation: 12, audioCacheDir: cacheDir });
  locationId = sb.locations[0]!.id;
  t = await installLocation(sb, locationId);
});
afterAll(async () => {
  await sb.close();
  await rm(cacheDir, { recursive: true, force: true });
});

const rms = (samples: Int16Array, from = 0, to = samples.length) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (samples[i] as number) ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
};

describe('recordings', () => {
  it('are stereo WAV with speech on both channels, each speaker on its own side', async () => {
    const call = sb.data.calls.find(
      (c) => c.message.locationId === locationId && c.scriptId && c.hasTranscript,
    )!;
    const res = await api(
      sb,
      `/conversations/messages/${call.message.id}/locations/${locationId}/recording`,
      {
        token: t.access_token,
      },
    );
    expect(res.status).toBe(200);
    const buf = Buffer.from(await res.arrayBuffer());
    // RIFF header: PCM, 2 channels, 16 kHz, 16 bits.
    expect(buf.toString('ascii', 0, 4)).toBe('RIFF');
    expect(buf.toString('ascii', 8, 12)).toBe('WAVE');
    expect(buf.readUInt16LE(20)).toBe(1);
    expect(buf.readUInt16LE(22)).toBe(2);
    expect(buf.readUInt32LE(24)).toBe(16_000);
    expect(buf.readUInt16LE(34)).toBe(16);
    const wav = decodeWav(buf);
    const [left, right] = wav.channels as [Int16Array, Int16Array];
    expect(left.length).toBeGreaterThan(16_000 * 10);
    // Both channels carry sound (silence would be 0).
    expect(rms(left)).toBeGreaterThan(300);
    expect(rms(right)).toBeGreaterThan(300);

    // During the first agent sentence the left channel speaks and the right is silent, per the transcript times.
    const tr = await api(
      sb,
      `/conversations/locations/${locationId}/messages/${call.message.id}/transcription`,
      {
        token: t.access_token,
      },
    );
    const sentences = (await tr.json()) as {
      mediaChannel: number;
      startTime: number;
      endTime: number;
      transcript: string;
    }[];
    const script = findScript(call.scriptId as string)!;
    expect(sentences.map((s) => s.transcript)).toEqual(script.turns.map((x) => x.text));
    expect(sentences.map((s) => s.mediaChannel)).toEqual(
      script.turns.map((x) => (x.speaker === 'agent' ? 1 : 2)),
    );
    const first = sentences[0]!;
    const second = sentences[1]!;
    const at = (ms: number) => Math.round((ms / 1000) * 16_000);
    expect(rms(left, at(first.startTime), at(first.endTime))).toBeGreaterThan(500);
    expect(rms(right, at(first.startTime), at(first.endTime))).toBe(0);
    expect(rms(right, at(second.startTime), at(second.endTime))).toBeGreaterThan(500);
    expect(rms(left, at(second.startTime), at(second.endTime))).toBe(0);
    // Times are in milliseconds and increase.
    expect(
      sentences.every(
        (s, i) => s.endTime > s.startTime && (i === 0 || s.startTime >= sentences[i - 1]!.endTime),
      ),
    ).toBe(true);
  });

  it('scripts have an outcome, a price said in words, and the three outcomes all occur', async () => {
    const { CALL_SCRIPTS } = await import('../src/call-scripts.js');
    expect(new Set(CALL_SCRIPTS.map((s) => s.outcome))).toEqual(
      new Set(['appointment-booked', 'follow-up', 'not-interested']),
    );
    for (const s of CALL_SCRIPTS) {
      expect(
        s.turns.some((x) => /\b(hundred|thousand|dollars)\b/.test(x.text)),
        s.id,
      ).toBe(true);
      expect(
        s.turns.some((x) => /\d/.test(x.text)),
        `${s.id} says numbers in words`,
      ).toBe(false);
    }
  });

  it('a call without recording answers 404, and so does a call without transcript', async () => {
    const none = sb.data.calls.find((c) => c.message.locationId === locationId && c.scriptId === null)!;
    const res = await api(
      sb,
      `/conversations/messages/${none.message.id}/locations/${locationId}/recording`,
      {
        token: t.access_token,
      },
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: 404 });
    const noTranscript = sb.data.calls.find(
      (c) => c.message.locationId === locationId && c.scriptId && !c.hasTranscript,
    )!;
    const tr = await api(
      sb,
      `/conversations/locations/${locationId}/messages/${noTranscript.message.id}/transcription`,
      {
        token: t.access_token,
      },
    );
    expect(tr.status).toBe(404);
  });

  it('another location’s recording is refused with 403', async () => {
    const other = sb.data.calls.find((c) => c.message.locationId === sb.locations[1]!.id && c.scriptId)!;
    const res = await api(
      sb,
      `/conversations/messages/${other.message.id}/locations/${sb.locations[1]!.id}/recording`,
      {
        token: t.access_token,
      },
    );
    expect(res.status).toBe(403);
  });
});

describe('webhooks', () => {
  it('POSTs a call event signed with Ed25519 that the exported public key verifies, and the call becomes fetchable', async () => {
    const received: { body: Buffer; signature: string | undefined }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          body: Buffer.concat(chunks),
          signature: req.headers['x-ghl-signature'] as string | undefined,
        });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/highlevel`;
      const delivery = await sb.emitCallWebhook(
        { locationId, direction: 'outbound', scriptId: 'gym-not-interested' },
        target,
      );
      expect(delivery.status).toBe(200);
      expect(received).toHaveLength(1);
      const { body, signature } = received[0]!;
      expect(signature).toEqual(expect.any(String));
      expect(sb.webhookPublicKey).toBe(sandboxWebhookPublicKey(21));
      expect(
        verify(null, body, createPublicKey(sb.webhookPublicKey), Buffer.from(signature!, 'base64')),
      ).toBe(true);
      // A changed body no longer verifies.
      const tampered = Buffer.from(body.toString('utf8').replace('"CALL"', '"SMS"'));
      expect(
        verify(null, tampered, createPublicKey(sb.webhookPublicKey), Buffer.from(signature!, 'base64')),
      ).toBe(false);
      const payload = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      expect(payload).toMatchObject({
        type: 'OutboundMessage',
        messageType: 'CALL',
        locationId,
        direction: 'outbound',
      });
      const rec = await api(
        sb,
        `/conversations/messages/${String(payload.messageId)}/locations/${locationId}/recording`,
        {
          token: t.access_token,
        },
      );
      expect(rec.status).toBe(200);
      expect(sb.state().webhooksSent).toBe(1);
    } finally {
      await new Promise((r) => receiver.close(r));
    }
  });
});
