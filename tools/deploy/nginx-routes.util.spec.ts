import { locationDirective, matchProxyLocation, parseProxyRoutes } from './nginx-routes.util';

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

describe('locationDirective', () => {
  const config = `
    client_max_body_size 6m; # the server's
    location /api/upload/files/ { client_max_body_size 11m; proxy_request_buffering off; proxy_pass http://upload:3003; }
    location /api/ { proxy_pass http://gateway:3000; }
  `;

  it("reads a location's own value, else the server's", () => {
    expect(locationDirective(config, '/api/upload/files/', 'client_max_body_size')).toBe('11m');
    expect(locationDirective(config, '/api/', 'client_max_body_size')).toBe('6m');
    expect(locationDirective(config, '/api/', 'proxy_request_buffering')).toBeUndefined();
  });

  it('matches the longest prefix location of a request', () => {
    expect(matchProxyLocation(parseProxyRoutes(config), '/api/upload/files/users/1.png?signature=x')).toBe(
      '/api/upload/files/',
    );
  });
});
