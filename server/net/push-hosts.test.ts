// Push endpoints: the browsers' push services, and those the operator names in PUSH_HOSTS (read at start).
import { expect, test } from 'vitest';

process.env.PUSH_HOSTS = 'push.example.net, 127.0.0.1:8443';
const { operatorPushEndpoint, pushEndpointAllowed } = await import('./push-hosts');

test("the browsers' services, and the operator's own by host and port; nothing else", () => {
  expect(pushEndpointAllowed('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
  expect(pushEndpointAllowed('https://web.push.apple.com/x')).toBe(true);
  expect(pushEndpointAllowed('https://push.example.net/up/1')).toBe(true);
  expect(pushEndpointAllowed('https://127.0.0.1:8443/push/1')).toBe(true);
  expect(operatorPushEndpoint('https://127.0.0.1:8443/push/1')).toBe(true);
  expect(operatorPushEndpoint('https://fcm.googleapis.com/fcm/send/abc')).toBe(false);
  expect(pushEndpointAllowed('https://127.0.0.1:8444/push/1')).toBe(false);
  expect(pushEndpointAllowed('http://push.example.net/up/1')).toBe(false);
  expect(pushEndpointAllowed('https://user:pw@push.example.net/up/1')).toBe(false);
  expect(pushEndpointAllowed('https://evil.example.com/push')).toBe(false);
});
