package pgtest_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/testkit/pgtest"
)

func TestStart(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	srv := pgtest.Start(t)

	t.Run("the server answers on loopback", func(t *testing.T) {
		conn, err := pgx.Connect(ctx, srv.DSN)
		require.NoError(t, err)
		defer conn.Close(ctx)
		var addr string
		require.NoError(t, conn.QueryRow(ctx, "select host(inet_server_addr())").Scan(&addr))
		assert.Equal(t, "127.0.0.1", addr)
	})

	t.Run("a stopped server refuses connections and a restarted one keeps its data", func(t *testing.T) {
		conn, err := pgx.Connect(ctx, srv.DSN)
		require.NoError(t, err)
		_, err = conn.Exec(ctx, "create table kept (v int); insert into kept values (42)")
		require.NoError(t, err)
		conn.Close(ctx)

		srv.Stop(t)
		_, err = pgx.Connect(ctx, srv.DSN)
		require.Error(t, err)

		srv.Restart(t)
		conn, err = pgx.Connect(ctx, srv.DSN)
		require.NoError(t, err)
		defer conn.Close(ctx)
		var v int
		require.NoError(t, conn.QueryRow(ctx, "select v from kept").Scan(&v))
		assert.Equal(t, 42, v)
	})
}
