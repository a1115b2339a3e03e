import { parseProxyRoutes } from './nginx-routes.util';

describe('parseProxyRoutes', () => {
  it('reads direct and variable upstreams, and skips locations that do not proxy', () => {
    const config = `
      location = /healthz { return 200; }
      location /api/ { set $upstream http://gateway:3000; proxy_pass $upstream; }
      location ^~ /remotes/landing/ { proxy_pass http://remote-landing:8080; } # direct
    `;
    expect([...parseProxyRoutes(config)]).toEqual([
      ['/api/', 'http://gateway:3000'],
      ['/remotes/landing/', 'http://remote-landing:8080'],
    ]);
  });
});
