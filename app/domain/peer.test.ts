import { describe, expect, test } from 'vitest'
import { connectAddress, isLoopbackAddress } from './peer'

describe('a caller on this machine, by its socket addresses', () => {
  test.each([
    ['127.0.0.1', true],
    ['127.0.0.2', true],
    ['127.255.255.254', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['::FFFF:127.0.0.5', true],
    ['0:0:0:0:0:0:0:1', true],
    ['128.0.0.1', false],
    ['10.0.0.1', false],
    ['192.168.1.5', false],
    ['::ffff:192.168.1.5', false],
    ['::', false],
    ['0.0.0.0', false],
    ['fe80::1', false],
    ['127.0.0.1.evil', false],
    ['', false],
    [undefined, false],
  ])('isLoopbackAddress(%j) → %j', (address, expected) => expect(isLoopbackAddress(address)).toBe(expected))

  test.each([
    ['0.0.0.0', '127.0.0.1'],
    ['::', '::1'],
    ['127.0.0.2', '127.0.0.2'],
    ['192.168.1.5', '192.168.1.5'],
    ['::1', '::1'],
  ])('connectAddress(%j) → %j', (listen, expected) => expect(connectAddress(listen)).toBe(expected))
})
