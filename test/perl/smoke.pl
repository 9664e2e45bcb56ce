#!/usr/bin/perl
# Other-language smoke test: Perl's OpenAPI::Client loads our OpenAPI 3.0 description, calls
# operations by operationId against a running mock, and checks each answer against the same
# description with JSON::Validator. Driven by test/perl/smoke.test.ts.
#
# usage: perl smoke.pl <openapi-3.0.json> <base url> <plan.json>
#   plan.json: [{"operationId": "...", "method": "get", "path": "/pulls/{requestId}", "params": {...}}]
# Prints a JSON array: one {operationId, status, body, errors} per call, in plan order.
use strict;
use warnings;
use OpenAPI::Client;
use Mojo::File qw(path);
use Mojo::JSON qw(decode_json encode_json);

my ($spec, $base_url, $plan_file) = @ARGV;
die "usage: perl smoke.pl <openapi-3.0.json> <base url> <plan.json>\n" unless $plan_file;

# Loading validates the description; OpenAPI::Client dies with the schema errors if it is not valid 3.0.
my $client = OpenAPI::Client->new(path($spec)->to_abs->to_string, base_url => $base_url);
$client->ua->request_timeout(20);
# The description declares Basic and bearer auth; the client leaves credentials to us.
$client->ua->on(start => sub { my ($ua, $tx) = @_; $tx->req->headers->authorization('Bearer smoke-test-token') });

my @results;
for my $call (@{decode_json(path($plan_file)->slurp)}) {
  my $tx     = $client->call($call->{operationId} => $call->{params});
  my $status = $tx->res->code // 0;
  my $body   = $tx->res->json;
  my @errors = $client->validator->validate_response(
    [$call->{method}, $call->{path}, $status],
    {body => sub { return {exists => defined $body, value => $body, accept => 'application/json'} }},
  );
  push @results, {
    operationId => $call->{operationId},
    status      => $status + 0,
    body        => $body,
    errors      => [map {"$_"} @errors],
    text        => defined $body ? undef : $tx->res->body,
  };
}
print encode_json(\@results), "\n";
